"""Conversations in a running game: every game command and its aliases, powers, veto and the end.

Situations are rigged with `seated` (roles and the first candidate) and `deck` (the draw pile),
so each test reads like the texts a table would exchange.
"""

from __future__ import annotations

import re

import pytest
from harness import NAMES, Table, deck, final_roles_ok, random_bot, seated, steer

from sh_sms.store import ACTIVE, ENDED, OVER

EVERYONE5 = {"Ana", "Bob", "Cy", "Dee", "Eve"}


def test_a_round_by_text(table: Table):
    # Ana L, Bob L, Cy F, Dee H, Eve L; Ana is the first candidate.
    code = seated(table, "L L F H L", draw=deck("F L F"))
    ana, bob, cy, dee, eve = (table[n] for n in NAMES[:5])

    out = ana.send("STATUS")
    assert out == {"Ana": out.reply}
    assert out.reply == (  # the prompt says what the game waits for from Ana
        f"{code} round 1: L 0/5, F 0/6, tracker 0/3, draw pile 17.\n"
        "Round 1: you are the candidate. Reply NOM <name>. Eligible: Bob, Cy, Dee, Eve."
    )
    out = bob.send("?")
    assert out.reply == (
        f"{code} round 1: L 0/5, F 0/6, tracker 0/3, draw pile 17. "
        "Waiting for Ana to nominate a Chancellor."
    )

    out = ana.send("NOMINATE bob")
    assert set(out) == EVERYONE5
    vote = "\nReply JA or NEIN. Result when all have voted; till then you may change it."
    for name in ("Cy", "Dee", "Eve"):
        assert out[name] == "Ana nominated Bob for Chancellor." + vote
    # Nobody reads about themselves in the third person.
    assert out["Ana"] == "You nominated Bob for Chancellor." + vote
    assert out["Bob"] == "Ana nominated you for Chancellor." + vote

    # Votes are private until the last one is in; a first vote is taken silently (the result
    # confirms it), a changed vote is confirmed at once.
    assert ana.send("JA") == {}
    assert bob.send("yes") == {}
    assert cy.send("Y") == {}
    assert cy.send("NEIN") == {"Cy": "Vote changed to NEIN."}
    assert dee.send("no") == {}
    out = dee.send("STATUS")
    assert out.reply.endswith("Waiting for votes on Ana+Bob from Eve.")
    out = eve.send("STATUS")  # nobody reads of themselves in the third person
    assert "Waiting for your vote on Ana+Bob.\nReply JA or NEIN." in out.reply
    assert "Eve" not in out.reply
    assert ana.send("?").reply.endswith("Waiting for votes on you+Bob from Eve.")
    assert bob.send("?").reply.endswith("Waiting for votes on Ana+you from Eve.")

    out = eve.send("ja")
    assert set(out) == EVERYONE5
    # The smaller side by name, the other as a count; the government reads its own result.
    assert out["Eve"] == "Ana+Bob ELECTED 3-2. Nein: Cy, Dee."
    assert out["Cy"] == "Ana+Bob ELECTED 3-2. Nein: you, Dee."
    assert out["Dee"] == "Ana+Bob ELECTED 3-2. Nein: you, Cy."
    assert out["Bob"] == (
        "ELECTED 3-2. Nein: Cy, Dee.\n"
        "You are Chancellor: no table talk until the policy is enacted."
    )
    assert out["Ana"] == (
        "ELECTED 3-2. Nein: Cy, Dee.\nNo talk till enacted.\n"
        "You drew F L F.\nReply DISCARD F or DISCARD L; the other two go to Bob."
    )

    assert ana.send("HAND").reply == (
        "You hold F L F.\nReply DISCARD F or DISCARD L; the other two go to Bob."
    )
    assert bob.send("HAND") == {"Bob": "You hold no policies."}

    # R20: no table talk from the government during the session; others may talk.
    out = ana.send("I will discard a fascist")  # the move's word and a letter: asked
    assert out == {
        "Ana": "Discard F? Reply DISCARD F. You may not talk until the policy is enacted."
    }
    out = ana.send("I drew three")
    assert out == {"Ana": out.reply}
    assert out.reply == (
        "Not sent: the President and Chancellor may not talk until the policy is enacted."
        " Your move: reply DISCARD F or DISCARD L."
    )
    assert bob.send("SAY trust me") == {
        "Bob": "Not sent: the President and Chancellor may not talk until the policy is enacted."
    }
    out = cy.send("SAY what did you draw, Ana?")
    assert out.others() == {n: "Cy: what did you draw, Ana?" for n in EVERYONE5 - {"Cy"}}

    out = ana.send("DISCARD F")
    assert out == {"Ana": "You discarded F.", "Bob": "You hold L F.\nReply ENACT L or ENACT F."}
    out = bob.send("discard f")  # the Chancellor's DISCARD enacts the other card
    assert set(out) == EVERYONE5
    enacted = "Enacted: LIBERAL. Board: L 1/5, F 0/6."
    for name in ("Ana", "Cy", "Dee", "Eve"):
        assert out[name] == enacted + "\nRound 2: Bob is the candidate."
    # Five alive: only the last Chancellor is term-limited, and that is Bob himself. His prompt
    # names the round, so he is not also sent the round line.
    assert out["Bob"] == (
        enacted + "\nRound 2: you are the candidate. Reply NOM <name>. Eligible: Ana, Cy, Dee, Eve."
    )

    # The session is over: Ana and Bob may talk again.
    assert ana.send("that was close").others() == {
        n: "Ana: that was close" for n in EVERYONE5 - {"Ana"}
    }

    out = cy.send("LOG")  # governments, votes and policies
    assert out.reply.splitlines() == [
        "Ana+Bob ELECTED 3-2. Nein: Cy, Dee.",
        "Enacted: LIBERAL. Board: L 1/5, F 0/6.",
    ]
    assert cy.send("HISTORY").reply == out.reply

    out = dee.send("WHO")
    assert out.reply == "1 Ana (host); 2 Bob (candidate, term-limited); 3 Cy; 4 Dee (you); 5 Eve."
    assert dee.send("PLAYERS").reply == out.reply

    assert cy.send("ROLE").reply == (
        "You are FASCIST; Hitler is Dee. Win: 6 F or Hitler elected Chancellor after 3 F."
        " Lose: 5 L or Hitler executed."
    )
    assert dee.send("ROLE").reply == (
        "You are HITLER. Your fascist is Cy. Win: 6 F or being elected Chancellor after 3 F."
        " Lose: 5 L or being executed."
    )
    assert eve.send("ROLE").reply.startswith("You are LIBERAL.")


def test_help(table: Table):
    stranger = table.phone("Zed")
    assert stranger.send("HELP").reply.startswith("Text NEW <your name> to open a game")
    assert stranger.send("HELP JOIN").reply.startswith("JOIN <code> <name>: join an open game")
    seated(table, "L L F H L")
    ana = table["Ana"]
    out = ana.send("HELP")
    assert out == {"Ana": out.reply}
    assert out.reply.startswith("NOM <name>, JA/NEIN, DISCARD L/F, ENACT L/F, VETO")
    assert ana.send("COMMANDS").reply == out.reply
    assert ana.send("help nom").reply.startswith("NOM <name or seat>: the presidential candidate")
    assert ana.send("HELP NOMINATE").reply == ana.send("HELP NOM").reply
    assert ana.send("HELP veto").reply.startswith("VETO: after 5 fascist policies")
    assert ana.send("HELP KILL").reply.startswith("EXECUTE <name>:")
    assert ana.send("HELP INV").reply.startswith("INV <name>:")
    assert ana.send("HELP SPECIAL").reply.startswith("ELECT <name>:")
    assert ana.send("HELP ?").reply  # whatever it says, it says something
    out = ana.send("HELP frobnicate")  # HELP before a word that names no command is talk
    assert out.others() == {n: "Ana: HELP frobnicate" for n in EVERYONE5 - {"Ana"}}
    out = ana.send("help me")  # the carrier's HELP is the word alone
    assert out.others() == {n: "Ana: help me" for n in EVERYONE5 - {"Ana"}}


@pytest.mark.parametrize("players", [5, 10])
@pytest.mark.parametrize("side", ["liberal", "fascist"])
def test_a_whole_game_by_text(table: Table, players: int, side: str):
    names = NAMES[:players]
    code = table.start(names, seed=7)
    first = {name: table[name].last for name in names}
    start = table.state(code)
    for seat, name in enumerate(names):
        assert re.findall(r"You are (LIBERAL|FASCIST|HITLER)", first[name]) == [
            start.roles[seat].upper()
        ]

    final = table.play(code, steer(side))

    assert final.winner == side
    assert table.game(code).status == OVER
    win = "LIBERALS WIN" if side == "liberal" else "FASCISTS WIN"
    for name in names:
        last = table[name].last
        assert win in last
        assert final_roles_ok(last, final), last
    # The numbers are free, but the game still answers for a while: STATUS tells how it ended.
    status = table[names[1]].send("STATUS").reply
    assert status.startswith(win) and final_roles_ok(status, final)
    assert "REMATCH" in status


def test_a_random_bot_game_at_seven(table: Table):
    names = NAMES[:7]
    code = table.start(names, seed=11)
    final = table.play(code, random_bot(11))
    assert table.game(code).status == OVER
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    for name in names:
        assert win in table[name].last
        assert final_roles_ok(table[name].last, final)


def test_the_host_ends_a_running_game(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    ana, bob = table["Ana"], table["Bob"]
    ana.send("NOM Bob")
    assert bob.send("ENDGAME") == {"Bob": "Only the host, Ana, can do that."}
    assert bob.send("ENDGAME YES") == {"Bob": "Only the host, Ana, can do that."}
    out = ana.send("ENDGAME")
    assert out == {
        "Ana": "Reply ENDGAME YES to end the game for everyone (all roles are revealed)."
    }
    assert table.game(code).status == ACTIVE

    out = ana.send("ENDGAME YES")
    assert set(out) == EVERYONE5
    ending = (
        "GAME ENDED by the host. Ana LIBERAL, Bob LIBERAL, Cy FASCIST, Dee HITLER, Eve LIBERAL."
        f" Replay: https://sms.test/g/{code}/replay Play again: text REMATCH."
    )
    for body in out.values():
        assert body == ending
    assert table.game(code).status == ENDED
    assert table.state(code).phase == "vote"  # frozen where it stopped
    # Everyone is out of the game: a vote is answered with how to play again.
    assert bob.send("JA").reply == (
        f"Game {code} is over. Text REMATCH to play again with everyone,"
        " or STATUS for how it ended."
    )
    assert table["Cy"].send("NEW Cy").reply.startswith("Game ")


def test_policy_peek(table: Table):
    # 5 players, 2 fascist policies down: the third gives the President a peek (R14, R17).
    code = seated(table, "L L F H L", fascist=2, draw=deck("F F L L F F", fascist=2))
    ana, bob = table["Ana"], table["Bob"]
    table.elect("Ana", "Bob", NAMES[:5])
    ana.send("DISCARD L")
    out = bob.send("ENACT F")
    assert set(out) == EVERYONE5
    assert "Policy peek, top 3 in order: L F F." in out["Ana"]
    assert "looked at" not in out["Ana"]  # the cards say it; no third-person line to herself
    for name in EVERYONE5 - {"Ana"}:
        assert "Policy peek" not in out[name]
        assert "L F F" not in out[name]
        assert "Ana looked at the top 3 policies." in out[name]
    assert out["Bob"].endswith(
        "Round 2: you are the candidate. Reply NOM <name>. Eligible: Ana, Cy, Dee, Eve."
    )
    assert table.state(code).draw[:3] == ["L", "F", "F"]  # nothing changed


def test_execution_and_the_dead(table: Table):
    # 5 players, 3 fascist policies down: the fourth gives an execution (R14, R18).
    code = seated(table, "L L F H L", fascist=3, draw=deck("F F F L", fascist=3))
    ana, bob, cy, dee, eve = (table[n] for n in NAMES[:5])
    table.elect("Ana", "Eve", NAMES[:5])
    ana.send("DISCARD F")
    out = eve.send("ENACT F")
    assert "Ana must execute a player." in out["Bob"]
    assert out["Ana"].endswith("Reply EXECUTE <name>. Choices: Bob, Cy, Dee, Eve.")

    assert eve.send("who will it be").others()  # talk is open again after the session
    out = ana.send("KILL Cy")
    assert set(out) == EVERYONE5
    executed = {"Ana": "You executed Cy.", "Cy": "Ana executed you. You may not vote or talk now;"}
    for name, body in out.items():
        who = "you are" if name == "Bob" else "Bob is"
        assert body.startswith(executed.get(name, "Ana executed Cy.")), body
        assert f"\nRound 2: {who} the candidate." in body
    assert "FASCIST" not in "".join(out.values())  # nothing about Cy's role (R18)
    assert table.state(code).alive == [True, True, False, True, True]

    # The dead cannot vote, talk or be nominated, but still receive everything.
    out = bob.send("NOM Cy")
    assert out.reply.startswith("Cy is dead.")
    out = cy.send("SAY I was framed")
    assert out == {"Cy": "The dead cannot talk at the table, but you still read it."}
    out = bob.send("NOM Dee")
    assert out["Cy"] == "Bob nominated Dee for Chancellor."  # no vote prompt for the dead
    out = cy.send("JA")
    assert out == {"Cy": out.reply}
    assert out.reply.startswith("You are dead: the dead cannot vote")
    out = dee.send("the dead can hear me")
    assert out["Cy"] == "Dee: the dead can hear me"

    # Shooting Hitler ends the game at once for the Liberals (R18, R19).
    table.rig(code, phase="power", power="execution", president=4, chancellor=None, votes=None)
    out = eve.send("SHOOT dee")
    assert set(out) == EVERYONE5
    for body in out.values():  # the last text says it all, on its own
        assert body.startswith("LIBERALS WIN: Hitler was executed.")
        assert "Ana LIBERAL, Bob LIBERAL, Cy FASCIST, Dee HITLER, Eve LIBERAL." in body
    assert table.game(code).status == OVER


def test_execute_word(table: Table):
    code = seated(
        table, "L L F H L", fascist=4, phase="power", power="execution", draw=deck(fascist=4)
    )
    out = table["Ana"].send("EXECUTE 2")
    assert out["Cy"].startswith("Ana executed Bob.")
    assert table.state(code).alive[1] is False


def test_investigate(table: Table):
    # 7 players, 1 fascist policy down: the second gives an investigation (R14, R15).
    code = seated(table, "L L F H L F L", fascist=1, draw=deck("F F L", fascist=1))
    ana, bob = table["Ana"], table["Bob"]
    table.elect("Ana", "Bob", NAMES[:7])
    ana.send("DISCARD L")
    out = bob.send("ENACT F")
    assert "Ana will investigate a player." in out["Cy"]
    assert out["Ana"].endswith("Reply INV <name>. Choices: Bob, Cy, Dee, Eve, Fay, Gus.")

    out = ana.send("ELECT Bob")
    assert out.reply.startswith("That is not your power: you must investigate.")
    out = ana.send("INV Ana")
    assert out.reply.startswith("You cannot choose yourself.")
    out = ana.send("INVESTIGATE dee")  # Hitler shows as FASCIST
    # The President reads the result, not about herself; Dee reads that she was investigated.
    assert out["Ana"] == "Investigation: Dee is FASCIST.\nRound 2: Bob is the candidate."
    for name in ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus"):
        who = "you are" if name == "Bob" else "Bob is"
        whom = "you" if name == "Dee" else "Dee"
        assert out[name].startswith(f"Ana investigated {whom}.\nRound 2: {who} the candidate.")
        assert "FASCIST" not in out[name]
    assert ana.send("ROLE").reply == (
        "You are LIBERAL. Win: 5 L or Hitler executed. Lose: 6 F or Hitler elected Chancellor"
        " after 3 F.\n"
        "Investigation: Dee is FASCIST."
    )
    assert "Investigation" not in bob.send("ROLE").reply

    # Nobody is investigated twice (R15).
    table.rig(code, phase="power", power="investigate", president=1, chancellor=None)
    out = bob.send("INV Dee")
    assert out.reply.startswith("Dee was already investigated.")
    out = bob.send("INV Eve")
    assert out["Bob"].startswith("Investigation: Eve is LIBERAL.")


def test_special_election(table: Table):
    # 7 players, 2 fascist policies down: the third gives a special election (R14, R16).
    code = seated(table, "L L F H L F L", fascist=2, draw=deck("F F L F L F", fascist=2))
    ana, bob = table["Ana"], table["Bob"]
    table.elect("Ana", "Bob", NAMES[:7])
    ana.send("DISCARD L")
    out = bob.send("ENACT F")
    assert "Ana will choose the next presidential candidate." in out["Cy"]
    assert out["Ana"].endswith("Reply ELECT <name>. Choices: Bob, Cy, Dee, Eve, Fay, Gus.")

    out = ana.send("EXECUTE Bob")
    assert out.reply.startswith("That is not your power: you must call a special election.")
    out = ana.send("SPECIAL eve")
    # The special election names the candidate: no round line says it again.
    assert out["Ana"] == "Special election: you chose Eve."
    assert out["Eve"].startswith(
        "Special election: Ana chose you.\nRound 2: you are the candidate. Reply NOM <name>."
    )
    for name in ("Bob", "Cy", "Dee", "Fay", "Gus"):
        assert out[name] == "Special election: Ana chose Eve."
    table["Eve"].send("NOM Fay")
    for name in NAMES[:7]:
        out = table[name].send("NEIN")
    # After the special round the order resumes after Ana (R16), and the round says why.
    assert "Round 3: Bob is the candidate, next after Ana." in out["Cy"]
    # Bob's prompt names the round: the round line is not told to him as well (one text
    # repeated "Round 3: ..." twice).
    assert out["Bob"].count("Round 3") == 1
    assert out["Bob"].endswith(
        "Round 3: you are the candidate. Reply NOM <name>. Eligible: Cy, Dee, Eve, Fay, Gus."
    )
    assert table.state(code).president == 1


def test_the_candidate_after_a_special_election_reads_the_round_once(table: Table):
    # Issue 17: "Round 6: ana is the candidate (...)\nRound 6: you are the candidate..."
    seated(table, "L L F H L F L", fascist=2, phase="power", power="special_election")
    table["Ana"].send("ELECT Eve")
    table["Eve"].send("NOM Fay")
    for name in NAMES[:7]:
        out = table[name].send("NEIN")
    assert "Round 3: Bob is the candidate" in out["Cy"]
    assert out["Bob"].count("Round 3") == 1, out["Bob"]


def test_veto(table: Table):
    # 5 fascist policies down: veto is unlocked (R13).
    code = seated(table, "L L F H L", fascist=5, draw=deck("L F F L F L", fascist=5))
    ana, bob = table["Ana"], table["Bob"]
    assert "Veto unlocked." in ana.send("STATUS").reply
    table.elect("Ana", "Bob", NAMES[:5])
    ana.send("DISCARD L")
    assert bob.last == "You hold F F.\nReply ENACT F, or VETO."

    out = bob.send("VETO")
    assert out["Bob"] == "You proposed a VETO; Ana decides."
    for name in ("Ana", "Cy", "Dee", "Eve"):
        assert out[name].startswith("Bob proposes a VETO.")
    assert out["Ana"].endswith("Reply VETO YES to discard both, or VETO NO.")
    out = bob.send("ENACT F")
    assert out.reply.startswith("Not now: Waiting for President Ana to answer the veto.")

    out = ana.send("NO")  # a plain NO answers the veto while it is asked
    assert out["Ana"] == "You refused the veto."
    assert out["Cy"] == "Ana refused the veto."
    assert out["Bob"] == "Ana refused the veto.\nYou hold F F.\nReply ENACT F."
    out = bob.send("VETO")
    assert out == {"Bob": out.reply}
    assert out.reply.startswith("You already proposed a veto this session.")
    out = bob.send("ENACT F")
    assert "FASCISTS WIN on policies." in out["Cy"]
    assert table.game(code).status == OVER


def test_veto_agreed(table: Table):
    code = seated(table, "L L F H L", fascist=5, draw=deck("L F F L F L", fascist=5))
    ana, bob = table["Ana"], table["Bob"]
    ana.send("NOM Bob")
    for name in NAMES[:5]:
        table[name].send("Y")
    ana.send("DISCARD F")
    assert bob.last == "You hold L F.\nReply ENACT L or ENACT F, or VETO."
    bob.send("VETO")
    out = ana.send("VETO YES")
    for name, body in out.items():
        who = "you are" if name == "Bob" else "Bob is"
        by = "You" if name == "Ana" else "Ana"
        assert body.startswith(
            f"{by} agreed: both policies discarded.\nTracker: 1/3.\nRound 2: {who} the candidate."
        )
    state = table.state(code)
    assert (state.tracker, state.liberal, state.fascist, state.discards) == (
        1,
        0,
        5,
        ["F", "L", "F"],
    )

    # Again, answered with YES and VETO NO.
    table.elect("Bob", "Cy", NAMES[:5])
    bob.send("DISCARD L")
    table["Cy"].send("VETO")
    out = bob.send("YES")
    assert out["Dee"].startswith("Bob agreed: both policies discarded.\nTracker: 2/3.")

    table["Cy"].send("NOM Eve")  # not Dee: she is Hitler
    for name in NAMES[:5]:
        table[name].send("JA")
    hand = table.state(code).hand
    table["Cy"].send(f"DISCARD {hand[0]}")
    table["Eve"].send("VETO")
    out = table["Cy"].send("VETO NO")
    assert out["Dee"] == "Cy refused the veto."
    assert out["Eve"].startswith("Cy refused the veto.\nYou hold ")


def test_three_failed_elections_enact_the_top_policy(table: Table):
    # R8, R9: the tracker moves on each rejection; at 3 the top policy is enacted by chaos,
    # its power ignored, and term limits cleared.
    code = seated(table, "L L F H L", fascist=2, draw=deck("F L L", fascist=2))
    table.rig(code, last_president=4, last_chancellor=1)
    for president, chancellor, tracker in (("Ana", "Cy", 1), ("Bob", "Cy", 2), ("Cy", "Dee", 3)):
        table[president].send(f"NOM {chancellor}")
        for name in NAMES[:5]:
            out = table[name].send("NEIN")
        assert out["Eve"].startswith(f"{president}+{chancellor} REJECTED 0-5.\n")
        if tracker < 3:  # a full tracker is told by the chaos line
            assert f"Tracker: {tracker}/3." in out["Eve"]
    assert "Tracker" not in out["Eve"]
    assert "Chaos! Top policy enacted: FASCIST. Board: L 0/5, F 3/6." in out["Ana"]
    assert "Policy peek" not in "".join(out.values())  # a chaos policy's power is ignored
    assert out["Dee"].endswith(
        "Round 4: you are the candidate. Reply NOM <name>. Eligible: Ana, Bob, Cy, Eve."
    )
    state = table.state(code)
    assert (state.tracker, state.fascist, state.phase) == (0, 3, "nominate")


def test_an_investigation_with_nobody_left_is_skipped(table: Table):
    # R15: 9 players, first fascist policy; everyone else was already investigated.
    seated(
        table,
        "L L F H L F L F L",
        draw=deck("F F F"),
        investigations=[[1, seat] for seat in range(2, 9)] + [[2, 1]],
    )
    table.elect("Ana", "Bob", NAMES[:9])
    table["Ana"].send("DISCARD F")
    out = table["Bob"].send("ENACT F")
    for name, body in out.items():
        who = "you are" if name == "Bob" else "Bob is"
        assert body.startswith(
            "Enacted: FASCIST. Board: L 0/5, F 1/6.\n"
            "Everyone left has been investigated; the power is skipped.\n"
            f"Round 2: {who} the candidate."
        )


def test_elect_by_seat_number(table: Table):
    code = seated(
        table,
        "L L F H L F L",
        fascist=3,
        phase="power",
        power="special_election",
        draw=deck(fascist=3),
    )
    out = table["Ana"].send("ELECT 4")
    assert out["Ana"] == "Special election: you chose Dee."
    assert out["Dee"].startswith(
        "Special election: Ana chose you.\nRound 2: you are the candidate."
    )
    assert out["Cy"] == "Special election: Ana chose Dee."
    assert table.state(code).president == 3
