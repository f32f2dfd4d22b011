// @ts-check
// A link as a QR code on a canvas, for a friend across the table to scan.
// The encoder is the pinned npm package qrcode-generator, which build.py copies
// into dist/vendor/ (so the service worker precaches it: it works offline);
// it is loaded the first time a code is drawn. Always dark on light, whatever
// the theme: that is what cameras read.

/**
 * The part of the encoder's API used here.
 * @typedef {object} QRCode
 * @property {(data: string, mode?: string) => void} addData
 * @property {() => void} make
 * @property {() => number} getModuleCount
 * @property {(row: number, col: number) => boolean} isDark
 */
/** @typedef {(typeNumber: number, level: string) => QRCode} QRFactory */

const ENCODER = "{{VENDOR_QRCODE}}/qrcode.mjs"; // filled in by build.py
const QUIET = 4; // modules of light margin around the code, as the standard asks

/** @type {Promise<QRFactory> | null} */
let loading = null;

/** @returns {Promise<QRFactory>} */
function encoder() {
  loading ??= import(ENCODER).then((module) => /** @type {QRFactory} */ (module.default));
  return loading;
}

/**
 * Draw `text` on `canvas` as a QR code at error correction level M, in the
 * smallest version that holds it, `cell` pixels a module.
 * @param {HTMLCanvasElement} canvas
 * @param {string} text
 * @param {number} [cell]
 * @returns {Promise<number>} the QR version (1 to 40)
 */
export async function drawQr(canvas, text, cell = 4) {
  const qrcode = await encoder();
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const size = (count + 2 * QUIET) * cell;
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) return 0;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000000";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) context.fillRect((col + QUIET) * cell, (row + QUIET) * cell, cell, cell);
    }
  }
  const version = (count - 17) / 4;
  canvas.dataset.version = String(version);
  return version;
}
