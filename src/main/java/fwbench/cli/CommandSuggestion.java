package fwbench.cli;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The command a mistyped word was probably meant to be ("reprot": report), by edit distance with
 * transpositions counted as one edit, since swapped letters are the commonest typo.
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

    /** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
