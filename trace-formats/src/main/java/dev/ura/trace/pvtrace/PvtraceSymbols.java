package dev.ura.trace.pvtrace;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Names the functions of a trace: each address goes to the module with the greatest base not
 * above it, is made relative to that base when the module is position-independent (PIE or shared
 * library), and all addresses of one module are symbolized in one {@link Addr2LineSymbolizer}
 * batch. Functions that stay unknown are named by their address ({@code 0x4005a4}).
 */
final class PvtraceSymbols {
    private final String addr2line;

    PvtraceSymbols(String addr2line) {
        this.addr2line = addr2line;
    }

    /**
     * The method table, index {@code i} describing {@code addresses[i]}.
     *
     * @param modules  modules sorted by base (unsigned)
     * @param warnings receives one line per module that could not be (fully) symbolized
     */
    MethodTable methods(long[] addresses, int count, List<Module> modules, List<String> warnings) {
        String[] names = new String[count];
        String[] files = new String[count];
        int[] lines = new int[count];
        Arrays.fill(lines, -1);
        if (modules.isEmpty()) {
            warnings.add("functions not symbolized: no binary (add a '# module <base> <path>' line, "
                    + "or set -Dura.pvtrace.binary=PATH)");
        }
        int[] owner = owners(addresses, count, modules);
        for (int m = 0; m < modules.size(); m++) {
            symbolizeModule(m, modules.get(m), addresses, owner, names, files, lines, warnings);
        }
        MethodTable.Builder b = new MethodTable.Builder();
        for (int i = 0; i < count; i++) {
            String name = names[i] != null ? names[i] : "0x" + Long.toHexString(addresses[i]);
            b.define(new MethodInfo(addresses[i], "", name, null, files[i], lines[i]));
        }
        return b.build();
    }

    private static int[] owners(long[] addresses, int count, List<Module> modules) {
        int[] owner = new int[count];
        for (int i = 0; i < count; i++) {
            owner[i] = -1;
            for (int m = modules.size() - 1; m >= 0; m--) {
                if (Long.compareUnsigned(modules.get(m).base(), addresses[i]) <= 0) {
                    owner[i] = m;
                    break;
                }
            }
        }
        return owner;
    }

    private void symbolizeModule(int m, Module module, long[] addresses, int[] owner, String[] names,
                                 String[] files, int[] lines, List<String> warnings) {
        int n = 0;
        for (int o : owner) {
            n += o == m ? 1 : 0;
        }
        if (n == 0) {
            return;
        }
        Path bin = module.path();
        // A FIFO or device named by a hostile module line would block the read (or addr2line) for ever.
        if (!Files.isRegularFile(bin) || !Files.isReadable(bin)) {
            warnings.add(n + " functions not symbolized: cannot read binary " + bin);
            return;
        }
        try {
            long bias = ElfFiles.isPositionIndependent(bin) ? module.base() : 0;
            int[] which = new int[n];
            long[] rel = new long[n];
            for (int i = 0, k = 0; i < owner.length; i++) {
                if (owner[i] == m) {
                    which[k] = i;
                    rel[k++] = addresses[i] - bias;
                }
            }
            Addr2LineSymbolizer.Symbol[] symbols = new Addr2LineSymbolizer(addr2line).symbolize(bin, rel);
            int unknown = 0;
            for (int k = 0; k < n; k++) {
                Addr2LineSymbolizer.Symbol s = symbols[k];
                names[which[k]] = s.name();
                files[which[k]] = s.file();
                lines[which[k]] = s.line();
                unknown += s.name() == null ? 1 : 0;
            }
            if (unknown > 0) {
                warnings.add(unknown + " of " + n + " functions not found in " + bin
                        + (bias == 0 && module.base() == 0 ? " (PIE binary without a load base?)" : ""));
            }
        } catch (IOException e) {
            warnings.add(n + " functions not symbolized with " + addr2line + " on " + bin + ": " + e.getMessage());
        }
    }
}
