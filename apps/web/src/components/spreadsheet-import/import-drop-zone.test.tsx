// The shared drop zone: a focusable button that opens the file picker on a click, Enter or Space, and hands over a picked or dropped file.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '@/test/render-app';
import { IMPORT_ACCEPT, ImportDropZone } from './import-drop-zone';

const ZONE = { name: 'Choose a file to import (.xlsx or .csv)' };

describe('ImportDropZone', () => {
  it('opens the file picker from the keyboard and hands over the picked file', async () => {
    const onFile = vi.fn();
    const { user } = renderInShell(<ImportDropZone onFile={onFile} />);
    const zone = await screen.findByRole('button', ZONE);
    const input = screen.getByTestId('import-file-input');
    expect(input).toHaveAttribute('accept', IMPORT_ACCEPT);
    const picker = vi.spyOn(input, 'click');

    await user.tab();
    expect(zone).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(picker).toHaveBeenCalledTimes(2);

    const file = new File(['item\nTRENCH'], 'instances.csv', { type: 'text/csv' });
    await user.upload(input, file);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('takes a dropped file', async () => {
    const onFile = vi.fn();
    renderInShell(<ImportDropZone onFile={onFile} />);
    const file = new File(['PK'], 'instances.xlsx');
    fireEvent.drop(await screen.findByRole('button', ZONE), { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });
});
