package dev.ura.spark;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a class file makes the JVM load, read from it as the JVM resolves them: its superclass and
 * interfaces, the owner of every field and method it uses, the classes its code creates, casts to, tests,
 * catches or takes as constants, and the types in the descriptors of its fields, its methods and the members
 * it uses. A class entry nothing uses is left out (javac keeps one for the owner of each constant it inlines,
 * never loaded), as are annotations and generic signatures: a class named only there may be missing at run
 * time without harm. Names are internal ({@code java/lang/String}); array types give their element class.
 */
final class ClassReferences {
    private static final Pattern IN_DESCRIPTOR = Pattern.compile("L([^;]+);");

    private final String[] utf8;
    private final int[] classNames; // a class entry's name index, 0 for other entries
    private final boolean[] isClass;
    private final Set<Integer> usedClasses = new HashSet<>();
    private final List<Integer> descriptors = new ArrayList<>();

    private ClassReferences(int count) {
        utf8 = new String[count];
        classNames = new int[count];
        isClass = new boolean[count];
    }

    static Set<String> of(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.skipBytes(4); // minor, major version
        ClassReferences r = new ClassReferences(in.readUnsignedShort());
        r.readConstants(in);
        in.skipBytes(2); // access flags
        r.usedClasses.add(in.readUnsignedShort()); // this class
        r.usedClasses.add(in.readUnsignedShort()); // superclass (0 for Object)
        for (int n = in.readUnsignedShort(); n > 0; n--) {
            r.usedClasses.add(in.readUnsignedShort());
        }
        for (int members = 0; members < 2; members++) { // fields, then methods
            for (int n = in.readUnsignedShort(); n > 0; n--) {
                in.skipBytes(4); // access flags, name
                r.descriptors.add(in.readUnsignedShort());
                r.readAttributes(in, members == 1);
            }
        }
        return r.names();
    }

    private void readConstants(DataInputStream in) throws IOException {
        for (int i = 1; i < utf8.length; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> {
                    isClass[i] = true;
                    classNames[i] = in.readUnsignedShort();
                }
                case 9, 10, 11 -> { // a field or method used: its owner class
                    usedClasses.add(in.readUnsignedShort());
                    in.skipBytes(2);
                }
                case 12 -> { // NameAndType: the descriptor of a member used
                    in.skipBytes(2);
                    descriptors.add(in.readUnsignedShort());
                }
                case 16 -> descriptors.add(in.readUnsignedShort()); // MethodType
                case 8, 19, 20 -> in.skipBytes(2); // String, Module, Package
                case 15 -> in.skipBytes(3); // MethodHandle: refers to a field or method entry above
                case 3, 4, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> { // Long, Double take two slots
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException("constant pool tag " + tag + " at entry " + i);
            }
        }
    }

    private void readAttributes(DataInputStream in, boolean method) throws IOException {
        for (int a = in.readUnsignedShort(); a > 0; a--) {
            String name = utf8[in.readUnsignedShort()];
            byte[] body = in.readNBytes(in.readInt());
            if (method && "Code".equals(name)) {
                readCode(new DataInputStream(new ByteArrayInputStream(body)));
            }
        }
    }

    /** The class operands of a method's instructions, and its caught exception types. */
    private void readCode(DataInputStream in) throws IOException {
        in.skipBytes(4); // max stack, max locals
        byte[] code = in.readNBytes(in.readInt());
        for (int pc = 0; pc < code.length; ) {
            int op = code[pc] & 0xff;
            switch (op) {
                case 0x12 -> usedIfClass(code[pc + 1] & 0xff); // ldc
                case 0x13, 0xbb, 0xbd, 0xc0, 0xc1, 0xc5 -> // ldc_w, new, anewarray, checkcast, instanceof, multianewarray
                        usedIfClass(((code[pc + 1] & 0xff) << 8) | (code[pc + 2] & 0xff));
                default -> { }
            }
            pc += length(code, pc);
        }
        for (int n = in.readUnsignedShort(); n > 0; n--) {
            in.skipBytes(6);
            usedClasses.add(in.readUnsignedShort()); // catch type, 0 for finally
        }
    }

    private void usedIfClass(int index) {
        if (isClass[index]) {
            usedClasses.add(index);
        }
    }

    /** The length of the instruction at {@code pc}, operands included (JVM specification, chapter 6). */
    private static int length(byte[] code, int pc) {
        int op = code[pc] & 0xff;
        if (op == 0xaa || op == 0xab) { // tableswitch, lookupswitch: padded to 4 bytes from the code's start
            int at = (pc + 4) & ~3;
            if (op == 0xaa) {
                return at - pc + 12 + 4 * (readInt(code, at + 8) - readInt(code, at + 4) + 1);
            }
            return at - pc + 8 + 8 * readInt(code, at + 4);
        }
        if (op == 0xc4) { // wide
            return (code[pc + 1] & 0xff) == 0x84 ? 6 : 4;
        }
        if (op == 0x10 || op == 0x12 || op >= 0x15 && op <= 0x19 || op >= 0x36 && op <= 0x3a || op == 0xa9
                || op == 0xbc) {
            return 2;
        }
        if (op == 0x11 || op == 0x13 || op == 0x14 || op == 0x84 || op >= 0x99 && op <= 0xa8 || op >= 0xb2 && op <= 0xb8
                || op == 0xbb || op == 0xbd || op == 0xc0 || op == 0xc1 || op == 0xc6 || op == 0xc7) {
            return 3;
        }
        if (op == 0xc5) {
            return 4;
        }
        if (op == 0xb9 || op == 0xba || op == 0xc8 || op == 0xc9) {
            return 5;
        }
        return 1;
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    private Set<String> names() {
        Set<String> out = new TreeSet<>();
        for (int c : usedClasses) {
            if (c == 0) {
                continue;
            }
            String name = utf8[classNames[c]];
            if (name.startsWith("[")) {
                descriptorTypes(name, out);
            } else {
                out.add(name);
            }
        }
        descriptors.forEach(d -> descriptorTypes(utf8[d], out));
        return out;
    }

    private static void descriptorTypes(String descriptor, Set<String> into) {
        Matcher m = IN_DESCRIPTOR.matcher(descriptor);
        while (m.find()) {
            into.add(m.group(1));
        }
    }
}
