/** What counts as a capture file, and the page-wide drop of one: on the first screen without the import code. */

const CAPTURE_NAME = /\.(pcap|pcapng|cap|dmp)$/i;

export function isCaptureFile(f: { name: string; type: string }): boolean {
  return CAPTURE_NAME.test(f.name) || f.type === 'application/vnd.tcpdump.pcap';
}

/** Calls `onDrop` with the files of a drop on `target` that holds a capture; returns the removal. */
export function onCaptureDrop(target: Document, onDrop: (files: File[]) => void): () => void {
  const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  const over = (e: DragEvent): void => {
    if (hasFiles(e)) e.preventDefault();
  };
  const drop = (e: DragEvent): void => {
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (!files.some(isCaptureFile)) return;
    e.preventDefault();
    onDrop(files);
  };
  target.addEventListener('dragover', over);
  target.addEventListener('drop', drop);
  return () => {
    target.removeEventListener('dragover', over);
    target.removeEventListener('drop', drop);
  };
}
