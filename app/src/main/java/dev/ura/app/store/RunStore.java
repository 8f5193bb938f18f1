package dev.ura.app.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A run store: one embedded DuckDB database, {@code DIR/ura.duckdb}. One process opens it for
 * writing at a time (DuckDB locks the file); {@link #insert} is safe from several threads, and
 * each run is one transaction, so a batch killed at any moment leaves whole runs only (DuckDB's
 * write-ahead log replays committed ones at the next open and drops the rest).
 */
public final class RunStore implements AutoCloseable {
    /** The database file inside the store's folder. */
    public static final String FILE = "ura.duckdb";
    private static final String DRIVER = "org.duckdb.DuckDBDriver";

    private final Path dir;
    private final Connection connection;

    private RunStore(Path dir, Connection connection) {
        this.dir = dir;
        this.connection = connection;
    }

    /** Opens (creating the folder and database when missing) and migrates the store for writing. */
    public static RunStore openForWriting(Path dir) throws StoreException {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new StoreException(dir + ": cannot create the store's folder (" + e.getMessage() + ")", e);
        }
        RunStore store = new RunStore(dir, connect(dir, false));
        try {
            StoreSchema.migrate(store.connection, dir.toString());
        } catch (SQLException e) {
            store.close();
            throw new StoreException(dir + ": cannot set up the store (" + oneLine(e) + ")", e);
        } catch (StoreException e) {
            store.close();
            throw e;
        }
        return store;
    }

    /** Opens an existing store read-only (other readers may open it too; a writer may not). */
    public static RunStore openForReading(Path dir) throws StoreException {
        if (!Files.isRegularFile(dir.resolve(FILE))) {
            throw new StoreException(dir + ": no run store here (no " + FILE + "; ura batch --store " + dir
                    + " makes one)");
        }
        RunStore store = new RunStore(dir, connect(dir, true));
        try {
            int v = StoreSchema.version(store.connection);
            if (v != StoreSchema.current()) {
                store.close();
                throw new StoreException(dir + ": the store has schema version " + v + ", this ura reads version "
                        + StoreSchema.current() + (v < StoreSchema.current()
                        ? "; ura batch --store " + dir + " migrates it" : "; use a newer ura"));
            }
        } catch (SQLException e) {
            store.close();
            throw new StoreException(dir + ": not a ura run store (" + oneLine(e) + ")", e);
        }
        return store;
    }

    private static Connection connect(Path dir, boolean readOnly) throws StoreException {
        requireDriver();
        Properties p = new Properties();
        if (readOnly) {
            p.setProperty("duckdb.read_only", "true");
        }
        try {
            return DriverManager.getConnection("jdbc:duckdb:" + dir.resolve(FILE).toAbsolutePath(), p);
        } catch (SQLException e) {
            throw new StoreException(dir + ": cannot open the store (" + oneLine(e) + ")", e);
        } catch (UnsatisfiedLinkError e) {
            throw new StoreException("DuckDB's native library does not load on this platform (" + e.getMessage()
                    + "): put the duckdb_jdbc jar for this platform beside ura.jar (docs/store.md)", null);
        }
    }

    /** Whether DuckDB is on the class path (ura.jar finds it as duckdb_jdbc.jar beside itself). */
    public static boolean driverPresent() {
        try {
            Class.forName(DRIVER);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static void requireDriver() throws StoreException {
        if (!driverPresent()) {
            throw new StoreException("the run store needs DuckDB: put duckdb_jdbc.jar (org.duckdb:duckdb_jdbc, the"
                    + " jar for this platform) beside ura.jar; see docs/store.md");
        }
    }

    public Path dir() {
        return dir;
    }

    /** The JDBC connection, for queries ({@link StoreQuery}, {@link StoreExport}, {@link StoreSeries}). */
    Connection connection() {
        return connection;
    }

    /** Whether a run with this content hash is stored. */
    public synchronized boolean contains(String hash) throws StoreException {
        try (PreparedStatement s = connection.prepareStatement("SELECT 1 FROM runs WHERE hash = ?")) {
            s.setString(1, hash);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        } catch (SQLException e) {
            throw new StoreException(dir + ": cannot read the store (" + oneLine(e) + ")", e);
        }
    }

    /**
     * Stores a run and all its rows in one transaction.
     *
     * @return false (and nothing written) when a run with the same hash is already stored
     */
    public synchronized boolean insert(StoredRun run) throws StoreException {
        if (contains(run.run().hash())) {
            return false;
        }
        try {
            connection.setAutoCommit(false);
            try {
                RunRows.insert(connection, run);
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException(dir + ": cannot store " + run.run().file() + " (" + oneLine(e) + ")", e);
        }
        return true;
    }

    /** Number of stored runs. */
    public synchronized int runCount() throws StoreException {
        try (var s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM runs")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            throw new StoreException(dir + ": cannot read the store (" + oneLine(e) + ")", e);
        }
    }

    static String oneLine(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s+", " ").strip();
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a read connection or one whose transaction was committed loses nothing
        }
    }
}
