"""The OLED user interface: views, screens (pure functions to images), menus and flows.

Players read docs/ui.md (the buttons, the menus, every screen); these are the notes
for whoever changes the interface.

The modules
-----------

`companion/ui/`: `app.py` (the state machine `UiApp`: button and table events in, the
view to show out; no I/O, no clock of its own), `setup.py` (the start menus), `start.py`
(the start menu, the language, the idle screen's result), `ingame.py` (the key maps of
the game in play and the idle screen), `menus.py` (the in-game menu, correcting a card,
staff), `overlays.py` (notices and faults over the game), `commands.py` (what the
interface asks of the session), `screens.py`, `screens_game.py` (tricks and scores),
`screens_rummy.py` and `screens_hex.py` (views to images), `gallery.py` and
`gallery_game.py` (one sample of every screen); `companion/daemon/runner.py`
(`TableRunner`) carries the commands out on the session.

Facts and words: a game flow never makes a screen. `GameFlow.status()` answers typed
facts (`companion/flows/status.py`: the seat to play as a number, the plays as seat
and card, what the table must show as an `Awaiting`, a rummy set's `SetState` and
`Lack`), a notice's `detail` is a fact too (a trick won, the scores), and so is what
a notice says: its `said` (`companion/flows/said.py`), a message id (`Say`: a card
out of turn, a revoke, a set closed...) with its facts (cards as notation, seats as
numbers, counts). The views layer words them in the table's language, with the
players' names and the cards as their faces print them ("Red 13", "Spicy 3", "Base
5", "Wild 8": `companion/views/cards.py`): `present(status, players)`,
`present_notice(notice, players, game)` (`companion/views/present.py`),
`notice_words(notice, players, game)` (`companion/views/words.py`), `fault_words`
(`companion/views/faults.py`: the camera, a copied card, the journal). A notice's
`message` stays the flow's English sentence with serials, zones and the rule id: it
goes to the log, replay's stderr and `--json`, never to the OLED. A refusal the flow
words only by its rule is said by what that rule asks ("Follow the colour led if you
can", `words.RULES`). The systemd status line (`waiting_line`) is the staff's and
stays English.

The menus and the registry
--------------------------

Every game fact of the menus comes from the one registry of games
(`companion.games.registry`): a game's `label` (its name on the OLED, one menu row;
its `title` is the rulebook's, for the command line), its player range, variants,
fixed sides (hex: Black, White) and options. The menus ask each seat option (its
`question` is the step's title), draw the `seed`, and leave a choice at its default
(hex `mode = "referee"`: the buttons run the referee). The in-game menu and keys offer
the commands the game's flow takes (`companion.flows.registry.takes`).

What the menus ask of the session (`companion.ui.commands`): `StartGame(game,
players, variants, options)` (every option of the game), `Resume()`,
`Flow(command)` with a flow command of `companion.flows.commands` (`Move()`,
`EndTurn()`, `Strikes(n)`, `Page(step)`, `Wild(key, number)`, `CountHands()`,
`EndRound(out)`, `Winner(side)`, `Replace(key, card)`), `Undo()`, `EndGame(reason)`,
`StaffAction(name)`.

Time and the kiosk
------------------

left `idle_minutes` without a button or a card ends its game (`EndGame("idle")`,
kept in the history) and shows the attract screen, which alternates the last
result with the games on offer and, when the players' page is on, its code (the
page of the next game: docs/phone.md); one SELECT starts the next group. Staff actions
show only for five minutes after the daemon saw a staff card
(`UiApp.staff_unlocked(now)`). Without a kiosk a game is never ended by time.

Readable on the panel
---------------------

Bitmap fonts only (`companion/ui/fonts`: X11 misc-fixed 5x7, 6x10, 6x13B, 9x15B,
10x20), so a pixel is a pixel on the OLED. The most important thing is the largest:
whose turn (9x15B), the trick's winner and the moves left (10x20, doubled on
128x64). `[ui] large_type = true` (`companion ui-demo --large-type`) draws those three
in type a person a metre away reads on a 1.3" panel: doubled (tripled for the moves
left), the rest on one small line (`companion/ui/screens_large.py`; the glyph heights
in millimetres per panel and why are in [hardware.md](hardware.md#reading-the-screen)).

Scores at a glance: the flows report a running tally with their status (per seat, the
points the round under way would score if it ended now, by the engine's own scoring,
what was taken, tricks won, and the totals of the rounds done), so SELECT mid-round
shows the round so far ("now") with the totals counting it; between rounds it shows the
last round's table, in rummy (whose rounds score at their end, R7) the totals. A scores
screen that waits for a key says "press any key". The trick screens name the trump
colour, the scored symbol, the lead and the spicy card at stake, and before a trick's
first card show the last trick and who won it.

The fonts hold ISO 8859-1, so French is drawn with its accents (é è à ç ê
î ô û ë ï ü; the 5x7 font has no room above a capital, so its É is an E); the
letters they lack (œ, typographic quotes) are written with the ones they have
(`draw.printable`), and `tests/views/test_catalogue.py` checks that no translation
needs it. Card serials (`R13#1`), zone names (`meld-1`) and rule ids (`F5`) are left
off the screen (`tests/flows/test_players_words.py` proves it for every notice of a
scripted game of each kind, in both languages).

### Cards in a list

A card is named as its face prints it: the colour or kind, then the big number ("Red
13", "Spicy 3", "Base 5", "Wild 8"), never its code (`R13`) or serial. A list of cards
with their players (the trick so far, the last trick, a rummy seat's sets) has about
twelve characters a row, so there a card may take its short form
(`companion.views.cards.card_short`): the colour's word cut to three letters as players
abbreviate it, then the number: English *Red Grn Yel Blu Pur* ("Yel 16"), French *Rou
Ver Jau Ble Vio* ("Jau 16"); a rummy Standard card is "Std 13" (the catalogue's
`msgctxt "short colour"` and `"short card"` entries). Each list takes the longest form
that fits it whole, one form for all its rows: the names in the larger font, the short
forms in the larger font, then the same in the small font; on one line (the 128x32
panel, the last trick), the cards without their players, then squeezed ("Yel16"), and
when five cards still do not fit, the winning card alone after "Last: Cy".
`tests/flows/test_players_words.py` draws every game screen after every input of a
scripted game of each kind, at both sizes, in normal and large type, in both
languages, and fails on a card code among the words drawn.

No text is cut off on either panel. A message is wrapped at spaces; one longer than
its panel shows its pages in turn, 3 s each (a passing one stays until its last page
has shown), with the count ("1/2") on its hint row,
instead of ending in "..."; a long name or card drops to the next smaller font where
a screen has one line for it; a short panel's scores show the players a page at a
time when their names are long. `tests/ui/test_messages_fit.py` draws every screen
the OLED can show (every notice and fault with its longest facts, every menu walked
from its root, every game screen) with 10-letter names of the widest letter
(`WWWWWWWWWW`) and each deck's longest card name, in English and French, at 128x64
and 128x32, every page, and fails on any text cut, drawn past an edge or drawn over another text
(`draw.recording_cuts`). `tests/ui/test_screens_golden.py` pins every screen by a
golden PNG in both languages (`UPDATE_GOLDENS=1 .venv/bin/pytest
tests/ui/test_screens_golden.py` regenerates them; look at each at 4x before
committing).

Names
-----

A seat's list offers the names played at this table lately, newest first (the daemon
reads them from the journal's games at start, `companion.session.recent_names`, and
hands them to `UiApp(names=...)`; each game started puts its names first). The letter
wheel is `companion/ui/names.py`; measured (`tests/ui/test_names.py`): ten sample
names of both languages take 145 presses for 43 characters, 3.4 a character with
done, against 171 on an A-Z wheel; "Ana" is 8 presses. Names typed on a phone reach
the game only through the OLED's confirmation, the command `UseNames(names)`.

Languages
---------

The OLED speaks English or French: `[ui] language = "en" | "fr"` in the config (the
table's language at start), the start menu's *Language* entry (until the service
restarts), `companion ui-demo --language fr`. Every word a player reads is written in
English in the code and marked: `_("...")` and `ngettext(...)` where it is shown
(`companion/views/i18n.py`), `N_("...")` where a lower layer defines it (a game's
label and its seat questions in `companion/games`, the tables of messages in
`companion/views/words.py`); placeholders are named (`{name}`, `{card}`,
`{number}`), so a translation may order them its own way. The French follows the
rulebooks' words: *pli*, *manche*, *atout*, *entamer*, *fournir*, *renonce*, *joker*,
*combinaison*, *coup*, *joueur*, *pion central*, *pions d'attaque* (the hex rules, 002,
are French: an unnamed seat is "Joueur 2", as the rulebook says *le joueur*), with a
no-break space before `: ; ? !`.

The catalogues (Babel; `pip install -e '.[dev]'` brings it):

    pybabel extract -F babel.cfg --no-location --sort-output \\
        --project "Table Companion" --version 0.1.0 \\
        --copyright-holder "Table Companion" -o companion/views/locale/companion.pot .
    pybabel update -i companion/views/locale/companion.pot -d companion/views/locale \\
        -D companion --ignore-obsolete -w 100   # then translate the new entries
    pybabel compile -d companion/views/locale -D companion

The `.pot` template, each language's `locale/<lang>/LC_MESSAGES/companion.po` and the
compiled `.mo` are committed and install with the package (pyproject's package data).
`tests/views/test_catalogue.py` fails when a marked word is missing from the
template, when a translation is missing, fuzzy or uses other placeholders than its
English, when a `.mo` is not its `.po` compiled, or when a word cannot be drawn.
Adding a language: `pybabel init -l de -i companion/views/locale/companion.pot -d
companion/views/locale -D companion`, translate, compile, and add it to
`LANGUAGES` (`companion/games/i18n.py`) and the start menu's `LANGUAGE_NAMES`.
"""
