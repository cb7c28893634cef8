// The signed agreement as a PDF: the text exactly as it was shown, then a certificate page with
// who signed, when, from where, and the hashes that tie the record together. Made with pdfkit in
// the flyer's Inter fonts; the file's own SHA-256 is stored beside it, so verifying a copy later
// is comparing hashes (docs/guides/deal-room.md).
import PDFDocument from "pdfkit";
import { flyerFonts } from "../flyer/service.js";

export interface CaCertificate {
  listingName: string;
  listingId: string;
  templateName: string;
  templateId: number;
  templateVersion: number;
  textSha256: string;
  signedName: string;
  email: string;
  company: string | null;
  role: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
}

const MARGIN = 60;

export function renderSignedCa(text: string, cert: CaCertificate): Promise<Buffer> {
  const fonts = flyerFonts();
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    // pdfkit takes font bytes here, though its types say a name (as the flyer does).
    font: fonts.regular as unknown as string,
    info: { Title: `Confidentiality agreement — ${cert.listingName}`, Subject: `Signed by ${cert.signedName}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font(fonts.bold).fontSize(14).text(cert.listingName);
  doc.moveDown(0.5);
  doc.font(fonts.regular).fontSize(10).text(text, { align: "left", lineGap: 2 });

  doc.addPage();
  doc.font(fonts.bold).fontSize(16).text("Signature certificate");
  doc.moveDown(0.5);
  doc.font(fonts.regular).fontSize(9).fillColor("#444").text("This page records the electronic signature of the agreement above. The agreement's text is the exact text shown to the signer; its SHA-256 is below.");
  doc.moveDown();
  const rows: [string, string][] = [
    ["Signed by (typed name)", cert.signedName],
    ["Email", cert.email],
    ["Company", cert.company ?? "—"],
    ["Role", cert.role],
    ["Signed at (UTC)", cert.signedAt.toISOString()],
    ["IP address", cert.ip ?? "—"],
    ["User agent", cert.userAgent ?? "—"],
    ["Listing", `${cert.listingName} (${cert.listingId})`],
    ["Agreement", `${cert.templateName}, template ${cert.templateId}, version ${cert.templateVersion}`],
    ["SHA-256 of the text shown", cert.textSha256],
    ["Consent", "The signer ticked: I agree to sign this agreement electronically."],
  ];
  for (const [label, value] of rows) {
    doc.fillColor("#000").font(fonts.semibold).fontSize(9).text(label);
    doc.font(fonts.regular).fontSize(10).text(value);
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
