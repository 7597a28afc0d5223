/** The image types a player may store as a slip (`storeImageRequestSchema`), with a download's extension. */
const SLIP_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * The file extension of a slip's data URL when it is an image the console shows, else null:
 * anything else the server might hand back is not drawn as a slip.
 */
export function slipExtension(dataUrl: string): string | null {
  const match = /^data:([a-z/]+);base64,/i.exec(dataUrl);
  return match?.[1] ? (SLIP_TYPES[match[1].toLowerCase()] ?? null) : null;
}
