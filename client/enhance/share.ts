/**
 * Share blocks: the copy button copies the page's link with the Clipboard API and says so in the
 * block's live region; the native share button is shown only where the browser can share. Both stay
 * hidden where their API is missing.
 */
export function enhanceShare(): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-share-copy-item]'))
    item.hidden = !navigator.clipboard;
  for (const item of document.querySelectorAll<HTMLElement>('[data-share-native-item]'))
    item.hidden = typeof navigator.share !== 'function';
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const copy = target.closest<HTMLButtonElement>('[data-share-copy]');
    if (copy) return void copyLink(copy);
    const native = target.closest<HTMLButtonElement>('[data-share-native]');
    if (native) navigator.share({ title: document.title, url: native.dataset.url }).catch(() => undefined);
  });
}

async function copyLink(button: HTMLButtonElement): Promise<void> {
  const status = button.closest('[data-share]')?.querySelector<HTMLElement>('[data-share-status]');
  let copied = true;
  try {
    await navigator.clipboard.writeText(button.dataset.url ?? location.href);
  } catch {
    copied = false;
  }
  if (status) status.textContent = (copied ? status.dataset.copied : status.dataset.failed) ?? '';
}
