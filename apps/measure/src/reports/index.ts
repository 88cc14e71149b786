/**
 * PDF reports (pdfkit, vector charts, streamed). The endpoint layer gathers the data (statistics
 * from ../spc, rows from a cursor), sets Content-Type and Content-Disposition, and renders into the
 * response stream.
 */
export { contentDisposition, measurementsReportName, spcReportName } from './content-disposition.js';
export {
  type MeasurementGroup,
  type MeasurementRow,
  type MeasurementsReportData,
  ReportRowsMismatchError,
  renderMeasurementsReport,
} from './measurements-report.js';
export { loadLogo, MAX_LOGO_BYTES, readCompanyLogo } from './report-logo.js';
export {
  type ReportFilter,
  type ReportRecipe,
  type ReportSubtask,
  renderSpcReport,
  type SpcReportData,
} from './spc-report.js';
