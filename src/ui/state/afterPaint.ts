/**
 * Runs `fn` once the browser has painted the current frame (a task queued from the next
 * animation frame runs after that frame's style, layout and paint). Returns a cancel function.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
