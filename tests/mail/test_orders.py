"""Reading orders in a mail's text, and reply addresses' tokens: given a body, these commands."""

from services.mail import addresses
from services.mail.orders import MAX_COMMANDS, Orders, read_orders


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
