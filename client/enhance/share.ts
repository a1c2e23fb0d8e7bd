/**
 * Share blocks: the copy button copies the page's link with the Clipboard API and says so in the
 * block's live region; the native share button is shown only where the browser can share. Both stay
 * hidden where their API is missing. The car page's one button shares where it can and copies elsewhere.
 */
export function enhanceShare(): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-share-copy-item]'))
    item.hidden = !navigator.clipboard;
  for (const item of document.querySelectorAll<HTMLElement>('[data-share-native-item]'))
    item.hidden = typeof navigator.share !== 'function';
  // One button that shares where the browser can, else copies (the car page's 'Dela').
  for (const item of document.querySelectorAll<HTMLElement>('[data-share-any]'))
    item.hidden = typeof navigator.share !== 'function' && !navigator.clipboard;
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const any = target.closest<HTMLButtonElement>('[data-share-any]');
    if (any && typeof navigator.share === 'function')
      return void navigator.share({ title: document.title, url: any.dataset.url }).catch(() => undefined);
    if (any) return void copyLink(any);
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
