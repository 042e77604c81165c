"""RULINGS 12.6: what a player looks at is theirs alone, what is revealed everyone's, and
nothing looked at shows anywhere another player reads the game: their view, the log as
they read it, the replay page made for them; a sample (``Game.resample``, what search
agents imagine) keeps what the player has seen where it is and deals only the rest again.
The environment's side is in tests/test_env_moves.py."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from backlands import CardDatabase, load_cards
from backlands.agents import Perspective, make_agent, play_game
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import Choose, Equip, Game, GameRecord, Seat, Zone
from backlands.engine.views import SeenCard
from backlands.model import (
    CardStat,
    CardType,
    HiddenZone,
    LookAtDeck,
    LookAtInventory,
    PlayerTarget,
    Reveal,
    Search,
    Selector,
    Trigger,
    TriggeredAbility,
)
from backlands.simulation import seat
from backlands.terminal import event_lines
from backlands.viewer import replay_steps
from strategies import moving_character

WEAPON, CREATURE, ARMOUR, INSTANT = (
    CardType.WEAPON,
    CardType.CREATURE,
    CardType.ARMOUR,
    CardType.INSTANT_SPELL,
)
DECK, INVENTORY = Zone.PRIMAL_DECK, Zone.INVENTORY
OPPONENT = PlayerTarget.OPPONENT


def spell(make_card, *effects):
    return make_card(INSTANT, abilities=[TriggeredAbility(Trigger.EQUIPPED, effects)])


@pytest.fixture
def peeked(make_card, player, position, find):
    """P1 (of 3) has looked at P2's inventory and the top 2 cards of P2's primal deck;
    P3 saw none of it. Returns the game and P2's cards: (inventory, deck top first)."""
    held = [make_card(WEAPON, name="Held Axe"), make_card(ARMOUR, name="Held Plate")]
    deck = [make_card(CREATURE, name=f"Deep {k}") for k in range(6)]
    peek = spell(
        make_card,
        LookAtInventory(target=PlayerTarget.EACH_OPPONENT),
        LookAtDeck(count=2, reorder=False, target=PlayerTarget.EACH_OPPONENT),
    )
    game = position(
        player(6, inventory=[peek, make_card(ARMOUR)]),
        player(deck, inventory=held),
        player(6, inventory=[make_card(WEAPON), make_card(ARMOUR)]),
    )
    game.play(Equip(find(game, peek)))
    return game, [find(game, c) for c in held], [find(game, c) for c in deck]


def test_what_a_player_looks_at_is_in_their_view_only_12_6(peeked):
    game, held, deck = peeked
    p3 = game.players[2]
    seen = game.view(0).seen
    assert seen[:4] == (
        SeenCard(deck[0], 1, DECK, 0),
        SeenCard(deck[1], 1, DECK, 1),
        SeenCard(held[0], 1, INVENTORY, 0),
        SeenCard(held[1], 1, INVENTORY, 1),
    )
    assert {s.card for s in seen[4:]} == set(p3.inventory) | set(p3.deck_top_first()[:2])
    assert game.view(1).seen == () and game.view(2).seen == ()
    assert game.sees(0, deck[0]) and not game.sees(1, deck[0]) and not game.sees(None, deck[0])
    assert game.sees(1, held[0]) and not game.sees(2, held[0])  # the holder sees their own


def test_a_revealed_card_is_in_every_view_12_6(make_card, player, position, find):
    top = make_card(WEAPON, name="Shown")
    show = spell(make_card, Reveal(HiddenZone.PRIMAL_DECK, target=OPPONENT))
    game = position(
        player(5, inventory=[show, make_card(ARMOUR)]),
        player([top, *[make_card(ARMOUR) for _ in range(3)]]),
    )
    game.play(Equip(find(game, show)))
    s = find(game, top)
    for who in (0, 1):
        assert game.view(who).seen == (SeenCard(s, 1, DECK, 0),)
    assert game.sees(None, s)


def test_a_seen_card_has_stats_for_the_player_who_saw_it(peeked):
    game, _held, deck = peeked
    assert Perspective(game, 0).stat(deck[0], CardStat.DAMAGE) == 1
    with pytest.raises(LookupError):
        Perspective(game, 2).stat(deck[0], CardStat.DAMAGE)
    with pytest.raises(LookupError):
        Perspective(game, 0).stat(deck[2], CardStat.DAMAGE)  # the third card: not seen


# --------------------------------------------------------------------------- samples


def test_a_sample_keeps_every_card_the_player_has_seen_where_it_is_12_6(peeked):
    game, held, deck = peeked
    p2 = game.players[1]
    unseen = {c.uid for c in p2.primal_deck + p2.inventory} - {c.uid for c in (*held, *deck[:2])}
    moved = Counter()
    for k in range(30):
        sample = game.resample(0, random.Random(k))
        assert sample.view(0) == game.view(0)  # the seen cards included, at their places
        q2 = sample.players[1]
        assert q2.inventory[:2] == held and q2.deck_top_first()[:2] == deck[:2]
        hidden = {c.uid for c in q2.primal_deck[:-2] + q2.inventory[2:]}
        assert hidden == unseen  # the rest is the same pool, dealt again
        moved.update(c.uid for c in q2.deck_top_first()[2:3])
    assert len(moved) > 2  # the third card of the deck is dealt at random


def test_a_sample_keeps_the_top_cards_of_the_own_deck_the_player_ordered_12_6(
    make_card, player, position, find
):
    deck = [make_card(WEAPON, name=f"Mine {k}") for k in range(8)]
    look = spell(make_card, LookAtDeck(count=3))
    game = position(player(deck, inventory=[look, make_card(ARMOUR)]), player(5))
    game.play(Equip(find(game, look)))
    while game.decision.kind.value == "order":
        game.play(game.legal_actions()[-1])
    top = game.players[0].deck_top_first()[:3]
    fourth = set()
    for k in range(20):
        sample = game.resample(0, random.Random(k))
        assert sample.players[0].deck_top_first()[:3] == top
        fourth.add(sample.players[0].deck_top_first()[3].uid)
    assert len(fourth) > 1  # the unseen rest of the own deck is shuffled


def test_a_sample_for_another_player_drops_what_they_cannot_know_was_seen(peeked):
    """P3 does not know what P1 saw of P2's cards: in P3's sample those cards are dealt
    again, and P1's knowledge of them is gone; P3's own view is the real one."""
    game, _, _ = peeked
    for k in range(5):
        sample = game.resample(2, random.Random(k))
        assert sample.view(2) == game.view(2)
        dealt = {c.uid for c in sample.players[1].primal_deck + sample.players[1].inventory}
        assert not (sample.players[0].known & dealt)
        for seen in sample.view(0).seen:  # what is left of P1's knowledge is true there
            assert sample.zone_of(seen.card) == (seen.zone, seen.player)


# --------------------------------------------------------------------------- the log, records


@pytest.fixture
def searched(make_card, player, position, find, tmp_path):
    """P1 searched their primal deck for its one Ash Hound (not revealed): the game, that
    card, and a card database that holds every card (to replay the record)."""
    cards = load_cards()
    sample = cards["ash-hound"]
    dig = spell(make_card, Search(cards=Selector(id=("ash-hound",))))
    filler = [cards["dune-rat-swarm"]] * 4
    game = position(
        player(
            [*filler, sample, *filler],
            inventory=[dig],
            character=cards.character("rustjaw-marauder"),
        ),
        player(filler, character=cards.character("sister-nettle")),
    )
    game.play(Equip(find(game, dig)))
    db = CardDatabase([*cards, dig], cards.characters.values())
    return game, find(game, sample), db


def test_the_log_as_another_player_reads_it_names_no_card_they_did_not_see_12_6(searched, peeked):
    game, _hound, _ = searched
    labels = ["P1", "P2"]
    mine = "\n".join(event_lines(game.log, labels, 0))
    theirs = "\n".join(event_lines(game.log, labels, 1))
    assert "Ash Hound" in mine and "Ash Hound" not in theirs
    assert "a card of P1's goes from the primal deck to its owner's inventory" in theirs
    assert "P1 looks at 9 cards of P1's primal deck" in theirs
    game, held, deck = peeked
    labels = ["P1", "P2", "P3"]
    p3 = "\n".join(event_lines(game.log, labels, 2))
    for card in (*held, *deck[:2]):
        assert card.card.name not in p3
    assert "P1 looks at 2 cards of P2's inventory" in p3
    p1 = "\n".join(event_lines(game.log, labels, 0))
    assert "P1 looks at Held Axe and Held Plate of P2's inventory" in p1


def test_the_replay_page_of_another_seat_names_no_card_it_did_not_see_12_6(
    make_card, player, position, find
):
    """P1 searches for one of two creatures (a recorded choice): the page made for P2 shows
    neither the choice nor the card; P1's page shows both."""
    cards = load_cards()
    dig = make_card(INSTANT, abilities=[TriggeredAbility(Trigger.EQUIPPED, (Search(),))])
    dig_db = CardDatabase([*cards, dig], cards.characters.values())
    filler = [cards["dune-rat-swarm"]] * 3
    game = position(
        player(
            [*filler, cards["ash-hound"], cards["galehide-elk"], *filler],
            inventory=[dig],
            character=cards.character("rustjaw-marauder"),
        ),
        player(filler * 2, character=cards.character("sister-nettle")),
    )
    game.play(Equip(find(game, dig)))
    assert game.decision.kind.value == "choose"
    hound = next(a.option for a in game.legal_actions() if a.option.card.id == "ash-hound")
    game.play(Choose(hound))
    record = GameRecord.from_json(game.record().to_json())
    p1 = json.dumps(replay_steps(record, dig_db, viewer=0))
    p2 = json.dumps(replay_steps(record, dig_db, viewer=1))
    public = json.dumps(replay_steps(record, dig_db, viewer=None))
    assert "Ash Hound" in p1 and "choose Ash Hound" in p1
    for page in (p2, public):
        assert "Ash Hound" not in page and "ash-hound" not in page
        assert "choose a card the page does not show (12.6)" in page


# --------------------------------------------------------------------------- agents


@pytest.mark.parametrize("spec", ["random", "greedy", "search:20"])
def test_every_agent_plays_a_game_of_cards_that_move_and_look(spec):
    """The agents cope with the choices of 12.5 and 12.6 (a search, a take, an ORDER): a
    whole game with a character that moves and looks every turn, each seat's agent seeing
    it through its perspective (samples that keep what it has seen)."""
    cards = load_cards()
    decks = [seat(load_deck(path, cards), cards) for path in sorted(bundled_deck_files())]
    seer = moving_character(decks[0].character)
    game = Game([Seat(seer, decks[0].cards, "seer"), decks[1]], seed=5)
    outcome = play_game(game, [make_agent(spec, 1), make_agent(spec, 2)])
    assert outcome is not None and game.over
    kinds = {type(e).__name__ for e in game.log}
    assert {"CardsLookedAt", "DeckOrdered", "CardMoved", "DeckShuffled"} <= kinds
