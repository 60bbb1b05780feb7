package fwbench.cli;

import org.apache.commons.text.similarity.LevenshteinDistance;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The command a mistyped word was probably meant to be ("reprot": report), by edit distance.
 */
final class CommandSuggestion {

    private CommandSuggestion() {
    }

    /** The closest of {@code commands} within two edits (one for names of up to three letters); empty if none is. */
    static Optional<String> closest(String word, List<String> commands) {
        String typed = word.toLowerCase(Locale.ROOT);
        return commands.stream()
                .filter(command -> distance(typed, command) <= Math.min(2, command.length() / 2))
                .min(Comparator.comparingInt(command -> distance(typed, command)));
    }

    /** Levenshtein distance: insertions, deletions and substitutions (swapped letters are two edits). */
    static int distance(String a, String b) {
        return LEVENSHTEIN.apply(a, b);
    }

    private static final LevenshteinDistance LEVENSHTEIN = LevenshteinDistance.getDefaultInstance();
}
