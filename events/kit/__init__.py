"""The kit games are written on, one idea a module:

- `phases`: a game's table of prompts (what each asks under which rule, of whom, its judge,
  what follows, its help forms, its default) and the generic decide, waiting, legal, react,
  help and default decision over it;
- `windows`: the stack of response windows in the state, opened on top of play, answered by
  all at once (sealed) or one by one, nested, closed back;
- `parts`: a game's own functions behind the interface methods, named once, and its rules
  reference read for rule IDs in words;
- `batch`: events decided one after another, each on the state the last one left;
- `evolve`: the dispatch of a game's evolve table, a row per event type;
- `zones`: piles of cards and seats' players in an immutable state, and a seat's belief of them;
- `lookup`: the card lookup's row for a card, from a game's card text;
- `layout`: a seat's view laid out in a description's sections, in the order every game keeps;
- `words`: naming seats, cards and counts in a line for people;
- `named`: a card named in a zone as a player writes it, and `commands`: a text command read;
- `card_file`: a card-set file read field by field, and the one set a game ships.
"""
