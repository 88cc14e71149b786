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

afterEach(cleanup);

describe('SubtaskForm', () => {
  it('does not send limits out of order and names the fields to fix', () => {
    const onSubmit = vi.fn();
    render(<SubtaskForm initial={blank} busy={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
    fill({ LTL: '9.8', LWL: '9.9', Nominal: '10', UWL: '10.3', UTL: '10.2' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Must keep LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL')).toHaveLength(2);
    expect(screen.getByLabelText(/^UWL/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends numbers once the limits are in order, accepting a decimal comma', () => {
    const onSubmit = vi.fn();
    render(<SubtaskForm initial={blank} busy={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
    fill({ LTL: '9,8', LWL: '9.9', Nominal: '10', UWL: '10.1', UTL: '10.2', Description: 'Bore' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
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
    const onSubmit = vi.fn();
    render(<SubtaskForm initial={blank} busy={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
    fill({ Nominal: '10' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Required')).toHaveLength(4);
  });
});
