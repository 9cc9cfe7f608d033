/**
 * A phone camera's photo made small enough to wait in the phone's outbox (localStorage) while
 * there is no signal: at most 1600 px on its longer side, as a JPEG data URL. The server
 * re-encodes it again and drops what is left of its metadata.
 */
export async function shrinkPhoto(file: File, longest = 1600): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.8);
}
