/// The script of the phone's page (``PhonePageExporter``): standard DOM only, no framework, no
/// build step, run as it is written here.
///
/// A tap (or Space or Enter) on a row ticks or unticks it, and ticked rows go to the end of their
/// section. The state (the rows ticked, the items added in the store) is kept in the browser's
/// local storage under the page's key and shown again on every load, in every tab; a tab sees
/// another's changes as they are made. The bar shows how many of the items are ticked and the
/// money still to get, added up in whole minor units as big integers, exactly. "Send back" writes
/// the state as the Markdown checklist `shop import` reads (each row's line as the export wrote
/// it; the added items last, escaped as shop escapes names, under the heading of the items without
/// a category), shows it, copies it to the clipboard and opens the share sheet where the browser
/// has one. Every text is set as text (`textContent`), never as markup.
enum PhonePageScript {
    /// The script as written.
    static let source: StaticString = #"""
        "use strict";
        (() => {
          const data = document.currentScript.dataset;
          const decimals = Number(data.decimals);
          const title = document.querySelector("h1");
          const main = document.querySelector("main");
          const sections = Array.from(main.querySelectorAll(":scope > section:not(.added)"), (section) => ({
            heading: section.querySelector("h2"),
            rows: Array.from(section.querySelectorAll("li")),
          }));
          const rows = sections.flatMap((section) => section.rows);
          const indexOf = new Map(rows.map((row, index) => [row, index]));
          const sectionOf = new Map(sections.flatMap((section) => section.rows.map((row) => [row, section])));
          const exported = rows.map((row) => row.classList.contains("done"));
          const added = main.querySelector(":scope > .added");
          const addedList = added.querySelector("ul");
          const bar = document.querySelector(".bar");
          const note = document.querySelector(".note");
          const form = document.querySelector("form.add");
          const field = form.querySelector("input");
          const hint = form.querySelector(".hint");
          const send = document.querySelector(".send");
          const sent = send.querySelector(".sent");
          const text = send.querySelector("textarea");
          let state = load();

          // The state this browser keeps for the page, else the ticks of the export.
          function load() {
            try {
              const saved = JSON.parse(localStorage.getItem(data.key));
              if (saved && Array.isArray(saved.ticked) && Array.isArray(saved.added)) {
                return {
                  ticked: new Set(saved.ticked.filter((index) => Number.isInteger(index) && index >= 0 && index < rows.length)),
                  added: saved.added
                    .filter((item) => item && typeof item.name === "string" && item.name !== "")
                    .map((item) => ({ name: item.name, ticked: item.ticked === true })),
                };
              }
            } catch (error) {
              // No storage here, or not a state this page wrote: start from the export.
            }
            return { ticked: new Set(exported.flatMap((done, index) => (done ? [index] : []))), added: [] };
          }

          function save() {
            try {
              localStorage.setItem(data.key, JSON.stringify({ ticked: [...state.ticked], added: state.added }));
            } catch (error) {
              note.textContent = "This browser does not keep the ticks: they are lost when the page is closed.";
              note.hidden = false;
            }
          }

          function isTicked(row) {
            return row.dataset.added === undefined ? state.ticked.has(indexOf.get(row)) : state.added[row.dataset.added].ticked;
          }

          // Shows the whole state: ticked rows last in their section, the added items, the bar.
          function render() {
            for (const row of rows) show(row);
            for (const section of sections) {
              section.rows[0].parentElement.append(...section.rows.filter((row) => !isTicked(row)), ...section.rows.filter(isTicked));
            }
            renderAdded();
            renderBar();
          }

          function renderAdded() {
            const focused = document.activeElement?.dataset?.added;
            const addedRows = state.added.map(addedRow);
            addedList.replaceChildren(...addedRows.filter((row) => !isTicked(row)), ...addedRows.filter(isTicked));
            added.hidden = state.added.length === 0;
            if (focused !== undefined && addedRows[focused]) addedRows[focused].focus();
          }

          function renderBar() {
            const all = rows.length + state.added.length;
            const ticked = state.ticked.size + state.added.filter((item) => item.ticked).length;
            let units = 0n;
            let unpriced = state.added.filter((item) => !item.ticked).length;
            rows.forEach((row, index) => {
              if (state.ticked.has(index)) return;
              if (row.dataset.units === undefined) unpriced += 1;
              else units += BigInt(row.dataset.units);
            });
            bar.querySelector(".count").textContent = `${ticked} of ${all}`;
            bar.querySelector(".to-get").textContent =
              `To get: ${money(units)}` + (unpriced > 0 ? ` (${unpriced} without a price)` : "");
          }

          // Moves one row of the list where its tick puts it; the others are in place already, so it
          // goes right before the row that follows it: unticked rows first, each part in the export's order.
          function place(row) {
            const section = sectionOf.get(row);
            const order = [...section.rows.filter((other) => !isTicked(other)), ...section.rows.filter(isTicked)];
            const focused = document.activeElement === row;
            row.parentElement.insertBefore(row, order[order.indexOf(row) + 1] || null);
            if (focused) row.focus({ preventScroll: true });
          }

          function show(row) {
            const ticked = isTicked(row);
            row.classList.toggle("done", ticked);
            row.setAttribute("aria-checked", String(ticked));
            row.querySelector(".box").setAttribute("aria-label", ticked ? "done" : "to get");
          }

          function prepare(row) {
            row.setAttribute("role", "checkbox");
            row.tabIndex = 0;
          }

          function span(name) {
            const element = document.createElement("span");
            element.className = name;
            return element;
          }

          // A row for an item added in the store, as the export writes rows, with a button that removes it.
          function addedRow(item, index) {
            const row = document.createElement("li");
            row.dataset.added = String(index);
            const box = span("box");
            box.setAttribute("role", "img");
            const name = span("name");
            name.textContent = item.name;
            const remove = document.createElement("button");
            remove.type = "button";
            remove.className = "remove";
            remove.textContent = "Remove";
            remove.setAttribute("aria-label", `Remove ${item.name}`);
            const total = span("total");
            total.append(remove);
            row.append(box, span("quantity"), name, total);
            prepare(row);
            show(row);
            return row;
          }

          // Minor units as money: 2094 is 20.94 EUR.
          function money(units) {
            const digits = units.toString().padStart(decimals + 1, "0");
            const amount = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
            return data.currency ? `${amount} ${data.currency}` : amount;
          }

          function toggle(row) {
            if (row.dataset.added !== undefined) {
              const item = state.added[row.dataset.added];
              item.ticked = !item.ticked;
              save();
              renderAdded();
            } else {
              const index = indexOf.get(row);
              if (!state.ticked.delete(index)) state.ticked.add(index);
              save();
              show(row);
              place(row);
            }
            renderBar();
          }

          // A name typed in the store, escaped as shop escapes names in a checklist, so that it is read back as typed.
          function markdown(name) {
            const digits = /^[0-9]*/.exec(name)[0].length;
            let escaped = "";
            for (let index = 0; index < name.length; index += 1) {
              const character = name[index];
              const escape =
                "\\`*_[]<>#|~$".includes(character) ||
                (index === 0 && "-+=".includes(character)) ||
                (".)".includes(character) && digits > 0 && index === digits && /^(\s|$)/.test(name.slice(index + 1))) ||
                (character === "&" && /^&[A-Za-z0-9#]+;/.test(name.slice(index))) ||
                (character === ":" && name.startsWith("//", index + 1)) ||
                (character === "." && index >= 3 && name.slice(index - 3, index).toLowerCase() === "www");
              escaped += (escape ? "\\" : "") + character;
            }
            return escaped;
          }

          // The state as the checklist shop import reads: every row of the list (a row of an item not on the
          // list only when its tick changed here), then the added items, without a category.
          function checklist() {
            const box = (ticked) => (ticked ? "- [x] " : "- [ ] ");
            const lines = [`# ${title.dataset.md}`];
            for (const section of sections) {
              lines.push("");
              if (section.heading) lines.push(`## ${section.heading.dataset.md}`, "");
              for (const row of section.rows) {
                const index = indexOf.get(row);
                if (row.hasAttribute("data-off") && state.ticked.has(index) === exported[index]) continue;
                lines.push(box(state.ticked.has(index)) + row.dataset.md);
              }
            }
            if (state.added.length > 0) {
              const last = sections[sections.length - 1];
              if (!last || !last.heading || last.heading.dataset.md !== data.other) lines.push("", `## ${data.other}`, "");
              for (const item of state.added) lines.push(box(item.ticked) + markdown(item.name));
            }
            return lines.join("\n") + "\n";
          }

          function copyBySelection() {
            text.focus();
            text.select();
            try {
              return document.execCommand("copy");
            } catch (error) {
              return false;
            }
          }

          function copy(value) {
            if (navigator.clipboard && navigator.clipboard.writeText) {
              return navigator.clipboard.writeText(value).then(() => true, () => copyBySelection());
            }
            return Promise.resolve(copyBySelection());
          }

          const nameKey = (name) => name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

          main.addEventListener("click", (event) => {
            const remove = event.target.closest(".remove");
            if (remove) {
              state.added.splice(Number(remove.closest("li").dataset.added), 1);
              save();
              renderAdded();
              renderBar();
              return;
            }
            const row = event.target.closest("li");
            if (row && main.contains(row)) toggle(row);
          });

          main.addEventListener("keydown", (event) => {
            if ((event.key === " " || event.key === "Enter") && event.target.matches("li")) {
              event.preventDefault();
              toggle(event.target);
            }
          });

          bar.querySelector(".to-add").addEventListener("click", (event) => {
            event.preventDefault();
            field.scrollIntoView({ block: "center" });
            field.focus();
          });

          form.addEventListener("submit", (event) => {
            event.preventDefault();
            const name = field.value.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim();
            if (name === "") return;
            const twin = [...rows, ...addedList.children].find(
              (row) => nameKey(row.querySelector(".name").textContent) === nameKey(name));
            if (twin) {
              hint.textContent = `${twin.querySelector(".name").textContent} is on the list already.`;
              twin.scrollIntoView({ block: "center" });
              twin.focus();
              return;
            }
            state.added.push({ name, ticked: false });
            field.value = "";
            hint.textContent = `Added ${name}.`;
            save();
            renderAdded();
            renderBar();
          });

          send.querySelector(".send-back").addEventListener("click", () => {
            const checklistText = checklist();
            text.value = checklistText;
            text.hidden = false;
            // Both asked for at once, while the tap still allows them.
            copy(checklistText).then((copied) => {
              sent.textContent = copied
                ? "Copied. At home, paste it into shop import, or send it from here:"
                : "Copy this text, and at home paste it into shop import:";
            });
            if (navigator.share) navigator.share({ title: document.title, text: checklistText }).catch(() => {});
          });

          text.addEventListener("focus", () => text.select());

          window.addEventListener("storage", (event) => {
            if (event.key === data.key || event.key === null) {
              state = load();
              render();
            }
          });

          rows.forEach(prepare);
          render();
          for (const element of [bar, form, send]) element.hidden = false;
        })();

        """#

    /// What the `<script>` element holds: a line feed, then the script. Its SHA-256 names it in
    /// the page's Content-Security-Policy.
    static let element = "\n" + source.description
}
