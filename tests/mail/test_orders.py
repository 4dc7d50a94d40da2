"""Reading orders in a mail's text (as mail programs write replies), and reply addresses' tokens:
given a body, these commands."""

import pytest

from events.corrections import AnswerTakeBack, Dispute, TakeBack
from events.envelope import Say
from services.mail import addresses
from services.mail.html_text import html_text
from services.mail.orders import (
    MAX_COMMANDS,
    ForkLine,
    LeaveOrder,
    Orders,
    Press,
    WithdrawOrder,
    decision,
    fork_line,
    read_orders,
    standing_order,
)


def test_quotes_signatures_comments_and_the_reply_line_are_ignored() -> None:
    text = (
        "#41\n"
        "draft Hercules Bomber   // the cheap one\n"
        "\n"
        "// a comment alone\n"
        "On Mon, 1 Jan 2024 at 10:00, Starledger <play@x> wrote:\n"
        "> It is your turn.\n"
        ">   draft Hercules Bomber\n"
        "pass\n"
        "-- \n"
        "Ann, sent from a phone\n"
        "draft Something Else\n"
    )
    assert read_orders(text) == Orders(("draft Hercules Bomber", "pass"), seen_seq=41)


def test_signoff_ends_the_orders_and_own_words_are_apart() -> None:
    text = "HELP\nunsubscribe\npass\nsignoff\npass\n"
    assert read_orders(text) == Orders(("pass",), asked=("help", "unsubscribe"))


def test_confirm_and_not_me_are_the_mails_own_words_however_spaced() -> None:
    assert read_orders("Confirm\n").asked == ("confirm",)
    assert read_orders("  NOT   me \n") == Orders(asked=("not me",))


def test_an_empty_or_quoted_only_mail_holds_no_command() -> None:
    assert read_orders("> pass\n>\n\n-- \npass\n") == Orders()


def test_past_the_limit_commands_are_counted_not_read() -> None:
    orders = read_orders("\n".join(f"pass {i}" for i in range(MAX_COMMANDS + 3)))
    assert len(orders.commands) == MAX_COMMANDS and orders.dropped == 3


def test_a_token_names_one_seat_of_one_match_for_one_player() -> None:
    key = bytes(32)
    made = addresses.token(key, "m1", 0, "ann")
    assert addresses.genuine(key, made, "m1", 0, "ann")
    assert addresses.token(key, "m1", 0, "ann") != made  # a fresh nonce: never an old token
    others = [("m2", 0, "ann"), ("m1", 1, "ann"), ("m1", 0, "bob")]
    assert all(not addresses.genuine(key, made, *other) for other in others)
    assert not addresses.genuine(bytes([1] * 32), made, "m1", 0, "ann")
    assert addresses.token_of(f"<play+{made.upper()}@example.org>") == made
    assert addresses.token_of("play@example.org") is None
    assert addresses.token_of(f"other+{made}@example.org") is None


# What real mail programs send when a player replies above our mail (the samples keep their
# layout: Outlook leaves the original unquoted below a header block, Apple Mail and Gmail quote
# it with `>` below an "On … wrote:" line, some wrapped; HTML-only replies quote with
# <blockquote>). Each holds one order; nothing of the original is read.
OUR_MAIL = (
    "== Core Worlds match m-1, seat 0 (ann), entry 12 ==\n"
    "\n"
    "It is your turn.\n"
    "\n"
    "You may now send (one command a line; `help` for the commands):\n"
    "  draft Hercules Bomber\n"
    "  pass\n"
    "Reply with your commands; keep `#12` on a line of its own to say what you saw.\n"
    "\n"
    "To play in this match, write to play+abc@mail.test.\n"
)


def quoted(text: str) -> str:
    return "".join(f"> {line}\n" if line else ">\n" for line in text.splitlines())


def test_an_outlook_reply_stops_at_the_header_block_above_the_unquoted_original() -> None:
    text = (
        "#12\n"
        "draft Hercules Bomber\n"
        "\n"
        "Regards,\n"
        "Ann Smith\n"
        "Acme Ltd | +44 20 7946 0000\n"
        "\n"
        "From: Starledger <play@mail.test>\n"
        "Sent: Monday, January 1, 2024 10:00 AM\n"
        "To: ann@example.org\n"
        "Subject: [Starledger] m-1: your turn (entry 12)\n"
        "\n" + OUR_MAIL
    )
    assert read_orders(text) == Orders(("draft Hercules Bomber",), seen_seq=12)


def test_an_outlook_reply_under_a_line_of_underscores_with_a_bare_signature() -> None:
    text = (
        "pass\n"
        "Ann\n"
        "\n"
        "________________________________\n"
        "From: Starledger <play@mail.test>\n"
        "Sent: 01 January 2024 10:00\n"
        "\n" + OUR_MAIL
    )
    # The name alone is all a signature without a sign-off can cost: one command, not twenty.
    assert read_orders(text).commands == ("pass", "Ann")
    assert read_orders("pass\n-----Original Message-----\n" + OUR_MAIL).commands == ("pass",)


def test_an_apple_mail_reply_from_a_phone() -> None:
    text = (
        "pass\n"
        "\n"
        "Sent from my iPhone\n"
        "\n"
        "> On 1 Jan 2024, at 10:00, Starledger <play@mail.test> wrote:\n"
        ">\n" + quoted(OUR_MAIL)
    )
    assert read_orders(text) == Orders(("pass",))


def test_an_original_left_unquoted_below_on_wrote_is_not_read() -> None:
    text = "pass\n\nOn 1 Jan 2024, at 10:00, Starledger <play@mail.test> wrote:\n\n" + OUR_MAIL
    assert read_orders(text) == Orders(("pass",))


def test_a_gmail_reply_with_its_on_wrote_line_wrapped() -> None:
    text = (
        "#12\n"
        "pass\n"
        "\n"
        "On Mon, 1 Jan 2024 at 10:00, Starledger <\n"
        "play+abc@mail.test> wrote:\n"
        "\n" + quoted(OUR_MAIL) + "\n"
        "draft Hercules Bomber\n"  # written below the quote: a bottom-poster's order
    )
    assert read_orders(text) == Orders(("pass", "draft Hercules Bomber"), seen_seq=12)


def test_a_thunderbird_reply_below_the_quote() -> None:
    text = "On 01/01/2024 10:00, Starledger wrote:\n" + quoted(OUR_MAIL) + "\npass\n\n-- \nAnn\n"
    assert read_orders(text) == Orders(("pass",))


def test_our_own_mail_pasted_back_unquoted_is_not_read() -> None:
    assert read_orders("pass\n\n" + OUR_MAIL) == Orders(("pass",))


HTML_ORIGINAL = "".join(f"{line}<br>\n" for line in OUR_MAIL.splitlines())


def test_an_html_only_gmail_reply_is_read_from_its_html() -> None:
    html = (
        '<div dir="ltr">#12<div>draft Hercules&nbsp;Bomber</div></div><br>'
        '<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 1 Jan 2024 at'
        ' 10:00, Starledger &lt;<a href="mailto:play+abc@mail.test">play+abc@mail.test</a>&gt;'
        ' wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">'
        + HTML_ORIGINAL
        + "</blockquote></div>"
    )
    assert read_orders(html_text(html)) == Orders(("draft Hercules Bomber",), seen_seq=12)


def test_an_html_only_outlook_reply_is_read_from_its_html() -> None:
    html = (
        '<html><head><style type="text/css">p {margin: 0}</style></head><body dir="ltr">'
        '<div style="font-family: Calibri">pass</div><div>Kind regards,</div><div>Ann</div>'
        '<div id="appendonsend"></div><hr style="display:inline-block;width:98%">'
        '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> Starledger'
        " &lt;play@mail.test&gt;<br><b>Sent:</b> Monday, January 1, 2024 10:00 AM<br>"
        "<b>To:</b> ann@example.org<br></font><div>&nbsp;</div></div>"
        f"<div>{HTML_ORIGINAL}</div></body></html>"
    )
    assert read_orders(html_text(html)) == Orders(("pass",))


def test_an_html_only_apple_mail_reply_is_read_from_its_html() -> None:
    html = (
        '<html><body style="overflow-wrap: break-word;">pass<br><div><br><blockquote'
        ' type="cite"><div>On 1 Jan 2024, at 10:00, Starledger &lt;play@mail.test&gt;'
        f" wrote:</div><br><div>{HTML_ORIGINAL}</div></blockquote></div><br></body></html>"
    )
    assert read_orders(html_text(html)) == Orders(("pass",))


def test_take_backs_their_answers_and_disputes_are_the_mails_own_lines() -> None:
    assert [decision(line) for line in ("takeback", "Take  back", "ACCEPT", "refuse")] == [
        TakeBack(),
        TakeBack(),
        AnswerTakeBack(accept=True),
        AnswerTakeBack(accept=False),
    ]
    assert decision("dispute #12 the die was loaded") == Dispute(12, "the die was loaded")
    assert decision("Dispute 7 she added 2, not 3") == Dispute(7, "she added 2, not 3")
    assert decision("draft Hercules Bomber") == Say("draft Hercules Bomber")


@pytest.mark.parametrize(
    "line", ["dispute", "dispute 12", "dispute twelve why", "dispute 1 " + "x" * 501]
)
def test_a_dispute_the_mail_cannot_read_says_how_to_write_one(line: str) -> None:
    with pytest.raises(ValueError, match="write `dispute SEQ reason`"):
        decision(line)


def test_fork_lines_are_the_mails_own_and_name_the_entry_to_fork_after() -> None:
    read = read_orders("pass\nFork #12\nfork\nforked it\n")
    assert (read.commands, read.forks) == (("pass", "forked it"), ("Fork #12", "fork"))
    assert fork_line("Fork #12") == fork_line(" fork 12 ") == ForkLine(12)


def test_a_fork_line_may_name_the_bot_to_play_every_other_seat() -> None:
    assert fork_line("fork 12 against Greedy") == ForkLine(12, "greedy")
    assert fork_line("fork #12 against random bots") == ForkLine(12, "random")
    assert fork_line("fork 12 against bots") == ForkLine(12, "bots")


@pytest.mark.parametrize(
    "line", ["fork", "fork twelve", "fork 12 13", "fork -1", "fork 12 against", "fork 12 with x"]
)
def test_a_fork_line_the_mail_cannot_read_says_how_to_write_one(line: str) -> None:
    with pytest.raises(ValueError, match=r"write `fork SEQ`.* or `fork SEQ against BOT`"):
        fork_line(line)


def test_press_is_a_message_its_lines_kept_as_written_up_to_endpress() -> None:
    text = (
        "#12\n"
        "pass\n"
        "press to 2 3:\n"
        "Bob, Cid: strike Zeus // at dawn\n"
        "> not a quote here\n"
        "\n"
        "Regards,\n"
        "endpress\n"
        "press: truce?\n"
        "ENDPRESS\n"
        "orders\n"
        "order main if at the start of my turn until round: play all\n"
        "-- \n"
        "press: never read\n"
        "endpress\n"
    )
    read = read_orders(text)
    assert read.commands == ("pass",) and read.seen_seq == 12
    assert read.press == (
        Press((2, 3), "Bob, Cid: strike Zeus // at dawn\n> not a quote here\n\nRegards,"),
        Press((), "truce?"),
    )
    assert read.standing == (
        "orders",
        "order main if at the start of my turn until round: play all",
    )
    assert not read.unended


def test_a_press_with_no_endpress_is_not_sent() -> None:
    read = read_orders("press to 1:\nmeet me\n")
    assert read.press == () and read.unended


def test_order_lines_leave_or_withdraw_a_standing_order() -> None:
    assert standing_order("order main if at the start of my turn: play all") == LeaveOrder(
        "main", "play all", "at the start of my turn"
    )
    assert standing_order("ORDER explore until turn: keep the highest-cost") == LeaveOrder(
        "explore", "keep the highest-cost", "", "turn"
    )
    assert standing_order("order withdraw #3") == WithdrawOrder(3)
    assert standing_order("orders") is None


def test_an_order_line_names_a_prompt_of_several_words() -> None:
    assert standing_order("order action card if before a space battle: no card") == LeaveOrder(
        "action card", "no card", "before a space battle"
    )
    assert standing_order("order trade talks until round: done trading") == LeaveOrder(
        "trade talks", "done trading", "", "round"
    )
    assert standing_order("order sabotage: no sabotage") == LeaveOrder("sabotage", "no sabotage")
