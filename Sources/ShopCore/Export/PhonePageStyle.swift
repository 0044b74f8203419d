/// What the phone's page adds to the HTML export's style sheet (``HTMLStyle``), for the screen
/// only, so that the page prints as that page does: rows that span the screen, at least 44 px high
/// (the smallest target a finger hits surely), with a larger box; a bar that stays at the top with
/// the count and the total to get; the field that adds an item, "Send back" and the text it
/// shows. In print, the bar and the controls are not shown.
enum PhonePageStyle {
    static let sheet: StaticString = """
        [hidden] { display: none !important; }
        @media screen {
          .bar {
            position: sticky; top: 0; z-index: 1; display: flex; align-items: center; justify-content: space-between;
            gap: .6em; margin: -1rem -1rem .8rem; padding: .3rem 1rem; min-height: 52px; background: #f3f3f3;
            border-bottom: 1px solid #999;
          }
          .bar p { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
          .bar .count { font-size: 1.2em; }
          .bar .to-get { display: block; font-size: .85em; }
          main li {
            grid-template-columns: 1.4em fit-content(35%) minmax(7em, 1fr) auto; min-height: 44px; margin: 0 -1rem;
            padding: .65em 1rem; cursor: pointer; user-select: none; -webkit-user-select: none; touch-action: manipulation;
            -webkit-tap-highlight-color: rgba(0, 0, 0, .12);
          }
          main li:focus-visible { outline: 3px solid #1a5fb4; outline-offset: -3px; }
          main .box { font-size: 1.4em; margin-top: -.05em; }
          main li.done { background: #f3f3f3; }
          a.to-add, button {
            display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
            padding: .3em 1em; font: inherit; color: #111; background: #fff; border: 1px solid #555; border-radius: .4em;
            text-decoration: none; cursor: pointer;
          }
          .remove { min-height: 36px; padding: 0 .7em; font-size: .9em; }
          form.add, .send { margin: 1.4rem 0 0; }
          form.add label { display: block; font-weight: 600; margin-bottom: .3em; }
          form.add div { display: flex; gap: .5em; }
          input {
            flex: 1; min-width: 0; min-height: 44px; padding: .3em .6em; font: inherit; border: 1px solid #555;
            border-radius: .4em;
          }
          .send-back { width: 100%; font-weight: 600; color: #fff; background: #1a5fb4; border-color: #1a5fb4; }
          .hint, .sent { min-height: 1.35em; margin: .4em 0; color: #444; overflow-wrap: anywhere; }
          textarea {
            width: 100%; padding: .5em; font: .85em/1.35 ui-monospace, "DejaVu Sans Mono", monospace; border: 1px solid #555;
            border-radius: .4em;
          }
        }
        @media print {
          .bar, form.add, .send { display: none; }
        }

        """
}
