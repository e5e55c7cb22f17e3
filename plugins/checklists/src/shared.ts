/** Browser-safe exports of the checklists plugin: its schemas and URLs. */
export * from './services/checklists/checklists.schema'
export * from './services/checklists/checklists.shared'
export * from './services/checklist-export/checklist-export.schema'
export * from './services/checklist-export/checklist-export.shared'
