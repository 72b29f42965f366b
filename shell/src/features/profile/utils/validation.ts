// Field rules live in @marketplace/contracts (fields.ts) and reach the forms through the resolver of
// @marketplace/ui/form; only browser-only checks stay here.

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
