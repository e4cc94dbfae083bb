import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteContactsDialog } from './delete-contacts-dialog.tsx';

describe('DeleteContactsDialog', () => {
  it('asks plainly when no rule keeps a contact', () => {
    const onConfirm = vi.fn();
    render(
      <DeleteContactsDialog
        preview={{ validation_rules_summary: [], valid_audience_count: 3 }}
        isDeleting={false}
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete contacts' });
    expect(
      within(dialog).getByText('Delete 3 contacts from Outpilot? This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('lists the rules with counts and asks to proceed with the rest', () => {
    render(
      <DeleteContactsDialog
        preview={{
          validation_rules_summary: [{ count: 2, description: 'Contacts in running campaigns' }],
          valid_audience_count: 5,
        }}
        isDeleting={false}
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('2 — Contacts in running campaigns')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Will delete 5 contacts, 2 will not be deleted, proceed?'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('says Please select other contacts with Ok only when none can be deleted', () => {
    const onClose = vi.fn();
    render(
      <DeleteContactsDialog
        preview={{
          validation_rules_summary: [{ count: 4, description: 'Contacts in running campaigns' }],
          valid_audience_count: 0,
        }}
        isDeleting={false}
        onConfirm={vi.fn()}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Please select other contacts')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
