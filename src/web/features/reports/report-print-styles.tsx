/**
 * Printing the reports page prints the report only. The app's frame (navigation, header,
 * banners, toasts) is hidden without knowing its markup: the report's ancestors give up their
 * boxes (display: contents) and everything that neither holds nor is inside the report is
 * not shown. Cards and charts are kept whole on a page; long tables break between rows and
 * repeat their header.
 */
const REPORT_PRINT_CSS = `
@media print {
  @page { margin: 12mm; }
  html, body { background: #fff !important; }
  #root :has([data-print-root]) { display: contents !important; }
  #root :not([data-print-root], [data-print-root] *, :has([data-print-root])) { display: none !important; }
  [data-print-root] { -webkit-print-color-adjust: exact; print-color-adjust: exact; color: #0f172a; }
  [data-print-root] [data-print-keep] { break-inside: avoid; }
  [data-print-root] h2, [data-print-root] h3 { break-after: avoid; }
  [data-print-root] thead { display: table-header-group; }
  [data-print-root] tr { break-inside: avoid; }
  [data-print-root] section { box-shadow: none !important; }
}
`;

/** Mounted with the reports page, so the rules apply only while it is open. */
export function ReportPrintStyles() {
  return <style data-report-print-styles="">{REPORT_PRINT_CSS}</style>;
}
