// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Checkbox, FormGrid, Select } from './controls'

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
})
