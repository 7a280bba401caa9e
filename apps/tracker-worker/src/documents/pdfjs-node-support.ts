/**
 * pdf.js (inside unpdf) calls `ArrayBuffer.prototype.transferToFixedLength`, which Node gained in
 * 21; on Node 20 (our minimum) rendering a page fails without it. A copy is what pdf.js needs:
 * it only wants a buffer of that length it alone holds.
 */
type Transferable = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };

const prototype = ArrayBuffer.prototype as Transferable;
if (typeof prototype.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}

export {};
