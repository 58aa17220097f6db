/** exceljs' streaming workbook writer on its own (the package's types describe it only through the index). */
declare module 'exceljs/lib/stream/xlsx/workbook-writer' {
  const WorkbookWriter: unknown;
  export default WorkbookWriter;
}
