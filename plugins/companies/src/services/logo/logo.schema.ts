/** A company's logo (spec part1 §7). Browser-safe. */

/**
 * The image types a logo may have, as the kit sniffs them from the file's bytes rather than
 * by the name sent. SVG is refused: it can carry scripts, and a logo is shown wherever the company is.
 */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export const LOGO_MAX_BYTES = 5 * 1024 * 1024
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG, GIF or WebP image'
