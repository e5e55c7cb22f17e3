// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Checkbox, FileInput, FormGrid, RadioGroup, Select, TextInput } from './controls'

afterEach(cleanup)

const ROLES = [
  { value: '1', label: 'Administrators' },
  { value: '2', label: 'Basic' },
]

describe('Select', () => {
  it('is named by its label and hands on the value chosen', async () => {
    const onChange = vi.fn()
    render(<Select label="Role" value="1" options={ROLES} onChange={onChange} />)
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' })
    expect(select.value).toBe('1')
    await userEvent.selectOptions(select, 'Basic')
    expect(onChange).toHaveBeenCalledWith('2')
  })

  it('offers the empty value first only when it is given a word for it', () => {
    const { rerender } = render(<Select label="Role" value="" options={ROLES} onChange={() => {}} />)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Administrators', 'Basic'])
    rerender(<Select label="Role" value="" options={ROLES} onChange={() => {}} empty="No role" />)
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => [option.value, option.textContent])).toEqual([
      ['', 'No role'],
      ['1', 'Administrators'],
      ['2', 'Basic'],
    ])
  })
})

describe('Checkbox', () => {
  it('is a checkbox named by its label that hands on the new state', async () => {
    const onChange = vi.fn()
    render(<Checkbox label="Only removal requests" checked={false} onChange={onChange} />)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only removal requests' }))
    expect(onChange).toHaveBeenCalledWith(true)
  })

  it('is announced as a switch when it takes effect at once, and can be held', async () => {
    const onChange = vi.fn()
    render(<Checkbox switch label="Enabled" checked onChange={onChange} disabled />)
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Enabled' })
    expect(toggle.checked).toBe(true)
    await userEvent.click(toggle)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('keeps its name for screen readers where the label is hidden, and reads a hint with it', () => {
    const { rerender } = render(<Checkbox hideLabel label="Appendable: plan.docx" checked={false} onChange={() => {}} />)
    expect(screen.getByRole('checkbox', { name: 'Appendable: plan.docx' })).toBeTruthy()
    expect(screen.getByText('Appendable: plan.docx').className).toBe('kit-visually-hidden')
    rerender(<Checkbox label="Edit users" hint="EDIT_USERS" checked={false} onChange={() => {}} />)
    expect(screen.getByRole('checkbox', { name: 'Edit users – EDIT_USERS' })).toBeTruthy()
  })
})

describe('RadioGroup', () => {
  const LEVELS = [
    { value: 'NONE', label: 'None' },
    { value: 'ACCESS', label: 'Company access', hint: 'sees the company' },
  ]

  it('is a group named by its legend whose choice is handed on, and can be held as a whole', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<RadioGroup legend="Access level" value="NONE" options={LEVELS} onChange={onChange} />)
    expect(screen.getByRole('group', { name: 'Access level' })).toBeTruthy()
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'None' }).checked).toBe(true)
    await userEvent.click(screen.getByRole('radio', { name: 'Company access – sees the company' }))
    expect(onChange).toHaveBeenCalledWith('ACCESS')
    rerender(<RadioGroup legend="Access level" value="NONE" options={LEVELS} onChange={onChange} disabled />)
    expect(screen.getByRole<HTMLFieldSetElement>('group', { name: 'Access level' }).disabled).toBe(true)
  })
})

describe('TextInput', () => {
  it("takes a day with the browser's date picker when asked", () => {
    const onChange = vi.fn()
    render(<TextInput type="date" label="Day" value="2026-11-02" onChange={onChange} />)
    const input = screen.getByLabelText('Day') as HTMLInputElement
    expect(input.type).toBe('date')
    expect(input.value).toBe('2026-11-02')
  })

  it('is named by its label, described by its hint, offers its suggestions and hands on what is typed', async () => {
    const onChange = vi.fn()
    render(
      <TextInput
        label="User"
        value=""
        hint="At least 4 characters"
        suggestions={[{ value: 'ann@example.com', label: 'Ann Lee' }]}
        action={<button type="submit">Add</button>}
        onChange={onChange}
      />,
    )
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy()
    const input = screen.getByRole('combobox', { name: 'User' })
    expect(screen.getByText('At least 4 characters').id).toBe(input.getAttribute('aria-describedby'))
    expect(document.getElementById(input.getAttribute('list')!)?.querySelector('option')?.value).toBe('ann@example.com')
    await userEvent.type(input, 'a')
    expect(onChange).toHaveBeenCalledWith('a')
  })
})

describe('FileInput', () => {
  it('hands on the file chosen, and says why it will not do instead of its hint', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<FileInput label="File" hint="PDF only" onChange={onChange} />)
    const input = screen.getByLabelText<HTMLInputElement>('File')
    const file = new File(['x'], 'manual.pdf', { type: 'application/pdf' })
    await userEvent.upload(input, file)
    expect(onChange).toHaveBeenCalledWith(file)
    expect(input.getAttribute('aria-invalid')).toBe('false')
    rerender(<FileInput label="File" hint="PDF only" error="Not a PDF" onChange={onChange} />)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Not a PDF')
  })
})

describe('FormGrid', () => {
  it('lays out the fields in the kit grid', () => {
    const { container } = render(
      <FormGrid>
        <Select label="Role" value="1" options={ROLES} onChange={() => {}} />
      </FormGrid>,
    )
    expect(container.querySelector('.kit-form-grid > .kit-field select')).not.toBeNull()
  })

  it('frames the fields as a group named by its legend', () => {
    render(
      <FormGrid legend="Address">
        <Select label="Role" value="1" options={ROLES} onChange={() => {}} />
      </FormGrid>,
    )
    const group = screen.getByRole('group', { name: 'Address' })
    expect(group.querySelector('.kit-form-grid > .kit-field select')).not.toBeNull()
  })
})
