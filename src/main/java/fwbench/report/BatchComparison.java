package fwbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Two runs' batches of small graphs side by side: per (n, variant, batch, seed) either run has, the
 * time per batch before and after, after / before and the verdict, as the comparison of solves has them.
 *
 * @param rows by n, then small-graphs first and the other variants in story order, then batch
 */
public record BatchComparison(List<Row> rows) {

    /** One batch of graphs in either run; a ratio and a verdict where both have it. */
    public record Row(VariantName variant, int n, int batch, Optional<RunData.Batch> before, Optional<RunData.Batch> after,
                      OptionalDouble ratio, Optional<Significance> significance) {
    }

    /** Every batch of either run, matched on variant, n, batch and seed (not the device: a comparison may be across devices). */
    public static BatchComparison build(RunData before, RunData after) {
        List<RunData.Batch> all = new ArrayList<>(before.batches());
        all.addAll(after.batches());
        all.sort(Comparator.comparingInt(RunData.Batch::n).thenComparing(b -> !b.variant().equals(BatchTable.TOGETHER))
                .thenComparing(RunData.Batch::variant).thenComparingInt(RunData.Batch::batch).thenComparing(RunData.Batch::seed));
        List<Row> rows = new ArrayList<>();
        List<List<Object>> seen = new ArrayList<>();
        for (RunData.Batch b : all) {
            List<Object> key = List.of(b.variant(), b.n(), b.batch(), b.seed());
            if (seen.contains(key)) continue;
            seen.add(key);
            Optional<RunData.Batch> was = find(before, b);
            Optional<RunData.Batch> is = find(after, b);
            boolean both = was.isPresent() && is.isPresent();
            rows.add(new Row(b.variant(), b.n(), b.batch(), was, is,
                    both ? OptionalDouble.of(is.get().time().millis() / was.get().time().millis()) : OptionalDouble.empty(),
                    both ? Optional.of(Significance.test(was.get().time(), is.get().time())) : Optional.empty()));
        }
        return new BatchComparison(List.copyOf(rows));
    }

    private static Optional<RunData.Batch> find(RunData run, RunData.Batch like) {
        return run.batches().stream().filter(b -> b.variant().equals(like.variant()) && b.n() == like.n() && b.batch() == like.batch()
                && b.seed().equals(like.seed())).findFirst();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The variants of the rows, in their order: what places each one's colour in the page. */
    List<VariantName> variants() {
        return rows.stream().map(Row::variant).distinct().toList();
    }

    static final String HEADING = "Batches of small graphs";
    static final String CAPTION = "Time per batch after / before (> 1: after is slower) and the verdict at " + Significance.confidence() + " confidence:";

    /** The columns of the table, as the comparison of solves' detailed table. */
    static List<Markdown.Column<Row>> columns() {
        return List.of(
                new Markdown.Column<>("n", true, r -> Numbers.grouped(r.n())),
                new Markdown.Column<>(Markdown.VARIANT, false, r -> r.variant().id()),
                new Markdown.Column<>("batch", true, r -> Numbers.grouped(r.batch())),
                new Markdown.Column<>("before (ms)", true, r -> r.before().map(b -> Numbers.millisWithError(b.time())).orElse(Markdown.NA)),
                new Markdown.Column<>("after (ms)", true, r -> r.after().map(b -> Numbers.millisWithError(b.time())).orElse(Markdown.NA)),
                new Markdown.Column<>("after / before", true, r -> r.ratio().isPresent() ? Numbers.ratio(r.ratio().getAsDouble()) : Markdown.NA),
                new Markdown.Column<>("p", true, r -> r.significance().flatMap(s -> s.pValue().isPresent()
                        ? Optional.of(Numbers.pValue(s.pValue().getAsDouble())) : Optional.empty()).orElse(Markdown.NA)),
                new Markdown.Column<>("verdict", false, r -> r.significance().map(s -> s.verdict().text()).orElse(Markdown.NA)));
    }

    /** The section of compare.md. */
    List<String> markdown() {
        List<String> out = new ArrayList<>(List.of("## " + HEADING, "", CAPTION, ""));
        out.addAll(Markdown.render(columns(), rows));
        return out;
    }
}
