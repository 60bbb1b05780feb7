package fwbench;

import java.nio.file.Files;
import java.nio.file.Path;

/** What plot/regenerate.sh makes from the committed results files, which plot/ need not commit. */
public final class PlotFolders {

    private PlotFolders() {
    }

    /**
     * Whether plot/NAME/... is made again from results/: the report of results/NAME.json, or the
     * comparison plot/A-vs-B/ of results/A.json and results/B.json.
     */
    public static boolean remade(Path cited) {
        if (cited.getNameCount() < 2 || !cited.getName(0).toString().equals("plot")) return false;
        String folder = cited.getName(1).toString();
        int vs = folder.indexOf("-vs-");
        if (vs < 0) return Files.exists(Path.of("results", folder + ".json"));
        return Files.exists(Path.of("results", folder.substring(0, vs) + ".json"))
                && Files.exists(Path.of("results", folder.substring(vs + 4) + ".json"));
    }
}
