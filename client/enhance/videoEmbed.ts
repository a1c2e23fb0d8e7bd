/**
 * Video blocks show only their thumbnail until the shopper asks to play: the click puts the
 * player's iframe (youtube-nocookie or player.vimeo, the only frame hosts the CSP allows) in its place.
 */
export function enhanceVideoEmbeds(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-video-src]');
    if (!button) return;
    const frame = document.createElement('iframe');
    frame.src = button.dataset.videoSrc!;
    frame.title = button.dataset.videoTitle ?? '';
    frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
    frame.allowFullscreen = true;
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.className = 'video-embed__player';
    button.replaceWith(frame);
    frame.focus();
  });
}
