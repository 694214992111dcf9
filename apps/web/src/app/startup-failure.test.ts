// The start-up failure message: readable in both languages, and its button reloads.
import { describe, expect, it, vi } from 'vitest';
import { getByRole } from '@testing-library/react';
import { showStartupFailure } from './startup-failure';

describe('start-up failure', () => {
  it('replaces the logo with a message in both languages and a reload button', () => {
    const container = document.createElement('div');
    container.innerHTML = '<div class="boot">logo</div>';
    const reload = vi.fn();

    showStartupFailure(container, reload);

    expect(container.querySelector('.boot')).toBeNull();
    expect(getByRole(container, 'alert')).toHaveTextContent(
      'Costory could not be loaded. Check your connection and reload the page.',
    );
    expect(container.querySelector('p[lang="cs"]')).toHaveTextContent(
      'Costory se nepodařilo načíst. Zkontrolujte připojení a načtěte stránku znovu.',
    );
    getByRole(container, 'button', { name: 'Reload / Načíst znovu' }).click();
    expect(reload).toHaveBeenCalledOnce();
  });
});
