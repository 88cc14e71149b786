import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { SubtaskForm, type SubtaskInput } from './subtask-form';

const blank: SubtaskInput = {
  marker_number: 3,
  description: '',
  measurement_type: 'length',
  unit: 'mm',
  nominal: Number.NaN,
  ltl: Number.NaN,
  lwl: Number.NaN,
  uwl: Number.NaN,
  utl: Number.NaN,
};

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderForm(initial = blank) {
  const onSubmit = vi.fn();
  render(<SubtaskForm initial={initial} busy={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(cleanup);

describe('SubtaskForm, nominal ± tolerance', () => {
  it('stores 120 ± 0.1 with a 50 % warning band as the five limits, shown before saving', () => {
    const onSubmit = renderForm();
    fill({
      Nominal: '120',
      'Tolerance ±': '0,1',
      'Warning band (% of tolerance)': '50',
      Description: 'Length',
    });
    expect(screen.getByTestId('limits-preview').textContent).toBe(
      'Stored as: LTL 119.9 · LWL 119.95 · Nominal 120 · UWL 120.05 · UTL 120.1',
    );
    save();
    expect(onSubmit).toHaveBeenCalledWith({
      marker_number: 3,
      description: 'Length',
      measurement_type: 'length',
      unit: 'mm',
      nominal: 120,
      ltl: 119.9,
      lwl: 119.95,
      uwl: 120.05,
      utl: 120.1,
    });
  });

  it('takes an asymmetric tolerance (30 +0.021/0) and a type with its unit from the list', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByLabelText('Symmetric (±)'));
    fill({
      Nominal: '30',
      'Upper deviation (e.g. +0.02)': '0.021',
      'Lower deviation (e.g. −0.01)': '0',
      'Warning band (% of tolerance)': '80',
      Type: 'angle',
    });
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('°');
    fill({ Type: 'diameter' });
    save();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        measurement_type: 'diameter',
        unit: 'mm',
        nominal: 30,
        ltl: 30,
        lwl: 30,
        uwl: 30.0168,
        utl: 30.021,
      }),
    );
  });

  it('opens stored limits as the drawing wrote them, and ones a tolerance cannot express as five values', () => {
    renderForm({ ...blank, nominal: 10, ltl: 9.8, lwl: 9.9, uwl: 10.1, utl: 10.2 });
    expect((screen.getByLabelText('Tolerance ±') as HTMLInputElement).value).toBe('0.2');
    cleanup();
    renderForm({ ...blank, nominal: 10, ltl: 9.8, lwl: 9.9, uwl: 10.05, utl: 10.2 });
    expect((screen.getByLabelText('UWL') as HTMLInputElement).value).toBe('10.05');
  });

  it('refuses a warning band outside 0–100 % and a negative upper deviation', () => {
    const onSubmit = renderForm();
    fill({ Nominal: '10', 'Tolerance ±': '0.2', 'Warning band (% of tolerance)': '150' });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Between 0 and 100')).toBeTruthy();
    fill({ 'Tolerance ±': '-0.2' });
    fireEvent.change(screen.getByLabelText(/^Warning band/), { target: { value: '50' } });
    expect(screen.queryByText('Between 0 and 100')).toBeNull();
    save();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('SubtaskForm, five limits', () => {
  const fiveLimits = () => fireEvent.click(screen.getByLabelText('Five limits'));

  it('does not send limits out of order and names the fields to fix', () => {
    const onSubmit = renderForm();
    fiveLimits();
    fill({ LTL: '9.8', LWL: '9.9', Nominal: '10', UWL: '10.3', UTL: '10.2' });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Must keep LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL')).toHaveLength(2);
    expect(screen.getByLabelText(/^UWL/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends numbers once the limits are in order, accepting a decimal comma', () => {
    const onSubmit = renderForm();
    fiveLimits();
    fill({ LTL: '9,8', LWL: '9.9', Nominal: '10', UWL: '10.1', UTL: '10.2', Description: 'Bore' });
    save();
    expect(onSubmit).toHaveBeenCalledWith({
      marker_number: 3,
      description: 'Bore',
      measurement_type: 'length',
      unit: 'mm',
      ltl: 9.8,
      lwl: 9.9,
      nominal: 10,
      uwl: 10.1,
      utl: 10.2,
    });
  });

  it('asks for every limit', () => {
    const onSubmit = renderForm();
    fiveLimits();
    fill({ Nominal: '10' });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Required')).toHaveLength(4);
  });

  it('keeps what was typed when switching between the two ways of entering', () => {
    renderForm();
    fill({ Nominal: '50', 'Tolerance ±': '0.5', 'Warning band (% of tolerance)': '60' });
    fiveLimits();
    expect((screen.getByLabelText('UWL') as HTMLInputElement).value).toBe('50.3');
    fireEvent.click(screen.getByLabelText('Nominal ± tolerance'));
    expect((screen.getByLabelText('Tolerance ±') as HTMLInputElement).value).toBe('0.5');
  });
});
