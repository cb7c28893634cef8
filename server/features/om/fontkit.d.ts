// fontkit ships no types; the OM parses its fonts with it once per worker and hands pdfkit the
// parsed faces (pdfkit takes any object with a `layout` method as a font).
declare module "fontkit" {
  export interface FontkitFont {
    layout(text: string): unknown;
    postscriptName: string;
  }
  export function create(buffer: Uint8Array): FontkitFont;
}
