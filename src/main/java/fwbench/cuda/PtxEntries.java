package fwbench.cuda;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernels a PTX file defines and the type of each parameter, as PTX declares them
 * ({@code .visible .entry fw_naive(.param .u64 fw_naive_param_0, .param .u32 ...)}): a pointer is
 * .u64, an int .u32. A kernel file's kernels are checked against their schema's signature from
 * these, before any is launched with the wrong arguments.
 */
public final class PtxEntries {

    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+([A-Za-z_$][\\w$]*)\\s*\\(([^)]*)\\)");
    private static final Pattern PARAMETER = Pattern.compile("\\.param\\s+\\.(\\w+)");

    private PtxEntries() {
    }

    /** Each kernel (.entry) of the PTX text, in order, with its parameters' type words ("u64", "u32"). */
    public static Map<String, List<String>> parameters(String ptx) {
        Map<String, List<String>> entries = new LinkedHashMap<>();
        Matcher entry = ENTRY.matcher(ptx);
        while (entry.find()) {
            List<String> types = new ArrayList<>();
            Matcher parameter = PARAMETER.matcher(entry.group(2));
            while (parameter.find()) types.add(parameter.group(1));
            entries.put(entry.group(1), types);
        }
        // a kernel without parameters is declared ".entry name()" and matched above with an empty list
        return entries;
    }
}
