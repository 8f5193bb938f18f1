/**
 * Reader of Perfetto protobuf traces (plain, gzip, {@code compressed_packets}) into the
 * system-trace model, with a hand-written protobuf decoder over the packet bytes.
 */
package dev.ura.trace.perfetto;
