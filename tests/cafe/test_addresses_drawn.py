"""Whatever a visitor puts in an address is answered, never with a 500 (issue 22: the
visitor's mistake is a 400 or a 404): every page the cafe's server reads without a
login, its names and numbers replaced by any text (NUL, control characters, lone
surrogates, 20-digit numbers, thousands of characters), with any query, language and
``Last-Event-ID``, on SQLite and PostgreSQL. The live streams are left out (they
answer for as long as the visitor listens); tests/cafe/test_dashboard_input.py pins
the answers of the cases once found here."""

from __future__ import annotations

from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

#: Every page a visitor may read, its parts to fill: ``{name}`` a text, ``{id}`` a number.
PAGES = (
    "/",
    "/.json",
    "/leaderboard",
    "/leaderboard.json",
    "/games",
    "/games.json",
    "/games.csv",
    "/games.records.json",
    "/players/{name}",
    "/players/{name}.json",
    "/tables/{name}",
    "/tables/{name}.json",
    "/games/{name}/{id}",
    "/games/{name}/{id}.json",
    "/games/{name}/{id}.record.json",
    "/games/{name}/{id}/totals.svg",
    "/quarantine.json",
    "/login",
    "/lang/{name}",
    "/static/{name}",
    "/t/{name}",
    "/t/{name}.json",
    "/t/{name}/record.json",
    "/t/{name}/scores.csv",
    "/t/{name}/{name}.svg",
    "/t/{name}/summary.png",
)
#: What the pages read from the query, and one they do not.
KEYS: tuple[str, ...] = ("page", "player", "table", "game", "since", "until", "state", "period")
KEYS += ("next", "after", "k", "said", "lang", "x")

#: Names the cafe holds, and the odd texts that broke pages before (issue 22).
ODD = ("t1", "t2", "Ana", "fibonachos", "\x00", "t1\x00", "\x1f", "\ud800", "..", "%", "x" * 3000)
names = st.one_of(
    st.sampled_from(ODD),
    st.text(max_size=30),
    st.text(alphabet="0123456789-", min_size=1, max_size=25),
)
numbers = st.one_of(st.integers(0, 3), st.just(2**63), st.integers(2**60, 2**70))
queries = st.dictionaries(st.sampled_from(KEYS), names, max_size=4)
headers = st.fixed_dictionaries(
    {},
    optional={
        b"accept-language": names.map(lambda text: text.encode("utf-8", "surrogatepass")),
        b"last-event-id": names.map(lambda text: text.encode("utf-8", "surrogatepass")),
        b"cookie": names.map(lambda text: b"lang=" + quote(text, errors="surrogatepass").encode()),
    },
)


def _address(page: str, parts: list[str], number: int) -> str:
    for part in parts:
        page = page.replace("{name}", quote(part, safe="", errors="surrogatepass"), 1)
    return page.replace("{id}", str(number))


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    parts=st.lists(names, min_size=2, max_size=2),
    number=numbers,
    query=queries,
    sent=headers,
)
def test_any_address_is_answered_without_a_500(
    reading: TestClient,
    parts: list[str],
    number: int,
    query: dict[str, str],
    sent: dict[bytes, bytes],
) -> None:
    """Issue 22: on PostgreSQL ``/games/%00/1`` answered 500 (its DataError: a NUL in
    the table's name reached the query), as the history's filters had before."""
    params = {key: value.encode("utf-8", "surrogatepass") for key, value in query.items()}
    for page in PAGES:
        address = _address(page, parts, number)
        answer = reading.get(address, params=params, headers=sent, follow_redirects=False)
        assert answer.status_code < 500, (address, query, sent, answer.text[:200])
