"""An HTML-only mail's text, as a reader sees it: a line per block or `<br>`, blockquotes
quoted with `>` (so the orders reader skips them as it skips a plain reply's quote), nothing
of `<head>`, `<style>` or `<script>`. Standard library `html.parser`: nothing is fetched or
run."""

from html.parser import HTMLParser

_BLOCKS = {
    "address", "article", "blockquote", "dd", "div", "dl", "dt", "footer", "h1", "h2", "h3",
    "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section", "table", "td", "th",
    "tr", "ul",
}  # fmt: skip
_HIDDEN = {"head", "script", "style", "template", "title"}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.quoted = 0  # blockquotes open
        self.hidden = 0  # hidden elements open

    def end_line(self) -> None:
        text = " ".join("".join(self.line).split())
        if text:
            self.lines.append("> " * self.quoted + text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "br" or tag in _BLOCKS:
            self.end_line()
            self.quoted += tag == "blockquote"

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self.end_line()
            self.quoted = max(0, self.quoted - (tag == "blockquote"))

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.line.append(data)


def html_text(html: str) -> str:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    reader.end_line()
    return "\n".join(reader.lines) + "\n"
