/// The style sheet of the HTML export: a page for the screen that lays out at any width down to a
/// phone's (no sideways scrolling: long names, units and totals wrap, and the name keeps at least
/// 7 em of the line), and print rules that leave the paper size to the printer.
///
/// In print: margins of 13 mm on every paper; names, quantities and totals 10 pt, notes 8.5 pt,
/// headings 11 pt; the sections flow through two columns that fill one after the other
/// (`column-fill: auto`), so that a list that fits one column uses one and a longer one goes on
/// in the second before it takes another page: 60 items fit one A4 or Letter page. An item is
/// never split (`break-inside: avoid`), and no break comes right after a heading
/// (`break-after: avoid`), so a heading stays with the first item of its section. The total is
/// the last line of the columns.
enum HTMLStyle {
    static let sheet: StaticString = """
        :root { color-scheme: light; }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0 auto; max-width: 46rem; padding: 1rem;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", Arial, sans-serif;
          font-size: 16px; line-height: 1.35; color: #111; background: #fff;
        }
        h1 { font-size: 1.6em; line-height: 1.2; margin: 0 0 .6em; overflow-wrap: anywhere; }
        h2 {
          font-size: 1.1em; line-height: 1.25; margin: 0; padding: .8em 0 .15em; border-bottom: 1px solid #888;
          overflow-wrap: anywhere;
        }
        section:first-child h2 { padding-top: 0; }
        ul { list-style: none; margin: 0; padding: 0; }
        li {
          display: grid; grid-template-columns: 1em fit-content(35%) minmax(7em, 1fr) auto;
          column-gap: .55em; align-items: baseline; padding: .3em 0; border-bottom: 1px solid #ddd;
        }
        .box {
          display: inline-block; position: relative; width: .95em; height: .95em; align-self: start; margin-top: .12em;
          border: .09em solid #222; border-radius: .12em;
        }
        .done .box::after {
          content: ""; position: absolute; left: .27em; top: .05em; width: .3em; height: .58em;
          border: solid #111; border-width: 0 .13em .13em 0; transform: rotate(45deg);
        }
        .done .name, .done .quantity, .done .total { color: #555; }
        .done .name { text-decoration: line-through; }
        .quantity { min-width: 3.6em; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
        .name { overflow-wrap: anywhere; }
        .total { text-align: right; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
        .notes {
          grid-column: 3 / 5; font-size: .8em; line-height: 1.3; color: #444; white-space: pre-line;
          overflow-wrap: anywhere;
        }
        .summary { margin: 1em 0 0; font-weight: 600; }
        .summary strong { font-variant-numeric: tabular-nums; }
        .empty { color: #555; }
        @page { margin: 13mm; }
        @media print {
          body { max-width: none; margin: 0; padding: 0; font-size: 10pt; line-height: 1.15; }
          h1 { font-size: 14pt; margin: 0 0 3pt; }
          h2 { font-size: 11pt; padding: 5pt 0 1pt; break-after: avoid; }
          main { columns: 2; column-gap: 7mm; column-fill: auto; }
          li { padding: .6pt 0; break-inside: avoid; }
          .quantity { min-width: 4.4em; }
          .notes { font-size: 8.5pt; line-height: 1.12; }
          .summary { margin-top: 6pt; break-inside: avoid; }
        }

        """
}
