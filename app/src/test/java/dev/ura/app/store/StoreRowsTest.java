package dev.ura.app.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link StoreRows} describes the tables the migrations make: the Spark job writes Parquet from these
 * column lists, so a column added to the schema but not here (or the other way) must fail.
 */
class StoreRowsTest {
    @TempDir
    Path dir;

    @Test
    void theColumnListsAreTheStoresSchema() throws Exception {
        List<String> tables = new ArrayList<>();
        tables.add("runs");
        tables.addAll(StoreSchema.RUN_TABLES);
        assertThat(StoreRows.TABLES).extracting(StoreRows.Table::name).containsExactlyElementsOf(tables);
        try (RunStore s = RunStore.openForWriting(dir); Statement st = s.connection().createStatement()) {
            for (StoreRows.Table t : StoreRows.TABLES) {
                List<String> actual = new ArrayList<>();
                try (ResultSet r = st.executeQuery("DESCRIBE " + t.name())) {
                    while (r.next()) {
                        actual.add(r.getString("column_name") + " " + r.getString("column_type"));
                    }
                }
                assertThat(t.columns()).as(t.name()).extracting(c -> c.name() + " " + c.type())
                        .containsExactlyElementsOf(actual);
                assertThat(t.columns()).extracting(StoreRows.Column::name).contains(t.hashColumn());
            }
        }
    }

    @Test
    void eachRowHasOneValuePerColumn() {
        var rows = StoreRows.of(RunStoreTest.run("a", "1", "x", 10));
        for (StoreRows.Table t : StoreRows.TABLES) {
            for (Object[] row : rows.get(t.name())) {
                assertThat(row).as(t.name()).hasSize(t.columns().size());
            }
        }
        assertThat(rows.get("tags")).extracting(r -> r[1]).containsExactly("build", "scenario");
    }
}
