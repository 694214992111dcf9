// What the visitor sees when the interface's texts cannot be downloaded at start: a plain message in both languages and a reload button, since no translated text is at hand.
const MESSAGES = [
  {
    lang: 'en',
    text: 'Costory could not be loaded. Check your connection and reload the page.',
    reload: 'Reload',
  },
  {
    lang: 'cs',
    text: 'Costory se nepodařilo načíst. Zkontrolujte připojení a načtěte stránku znovu.',
    reload: 'Načíst znovu',
  },
] as const;

/** Replaces the start-up logo in `container` with the message; `reload` runs on the button. */
export function showStartupFailure(container: HTMLElement, reload: () => void): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:32rem;margin:20vh auto 0;padding:0 1.5rem;font:1rem/1.5 system-ui,sans-serif;color:#1f2933';
  for (const message of MESSAGES) {
    const paragraph = document.createElement('p');
    paragraph.lang = message.lang;
    paragraph.textContent = message.text;
    box.append(paragraph);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = MESSAGES.map((message) => message.reload).join(' / ');
  button.style.cssText =
    'font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#17784a;color:#fff;cursor:pointer';
  button.addEventListener('click', reload);
  box.append(button);
  container.replaceChildren(box);
}
