export {
  EXPORT_FORMAT,
  SIGNATURE_ALG,
  exportHeaderOf,
  exportSeatsOf,
  keyIdOf,
  signedBytes,
} from './export-format';
export type {
  ExportEventLine,
  ExportHeader,
  ExportLine,
  ExportLogProof,
  ExportSeat,
  ExportSignature,
  ExportTrailer,
} from './export-format';
export {
  ExportVerifier,
  NO_RECEIPTS,
  NO_RECEIPTS_TEXT,
  NOT_LOGGED,
  NOT_LOGGED_TEXT,
  normalizePublicKey,
  verifyExport,
  verifyExportLines,
} from './verify-export';
export type {
  ExportCounts,
  ExportProblem,
  ExportProblemCode,
  ExportVerdict,
  ExportVerified,
  VerifyExportOptions,
} from './verify-export';
export {
  RECEIPT_FORMAT,
  checkReceipts,
  parseReceipts,
  receiptBodyOf,
  receiptSignedBytes,
} from './receipt';
export type {
  NumberedReceipt,
  Receipt,
  ReceiptBody,
  ReceiptProblem,
  ReceiptProblemCode,
} from './receipt';
export { checkLinkedExports } from './linked-exports';
export {
  PROBLEM_KINDS,
  describeVerdict,
  logPositionText,
  problemLine,
  verifiedLines,
} from './verdict-text';
export type { VerdictLang } from './verdict-text';
export type {
  ExportLink,
  LinkedExport,
  LinkedExportRecord,
  LinkProblem,
  LinksChecked,
} from './linked-exports';
