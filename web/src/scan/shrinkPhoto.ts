/** The longest side a report photo keeps: sharp enough to read a reel's plate, a few hundred kB as JPEG. */
export const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/**
 * Shrinks a phone camera's photo (often 4000 px and several MB) on the phone before it is uploaded, so the
 * upload is quick on a mobile connection; a photo already small enough is still re-encoded (the EXIF position and
 * device data stay on the phone).
 */
export async function shrinkPhoto(file: Blob, name = 'photo.jpg'): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The photo could not be encoded');
  return new File([blob], `${name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
}
