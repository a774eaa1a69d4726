package dev.monotable.kit.packaging;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The classes of a jar and the classes each one names in its constant pool (class entries and the
 * types of field, method and invokedynamic descriptors): what the JVM may load when it links and
 * runs that class. Walking it from the handlers finds every class a handler can reach, so a class
 * removed from the Lambda jar that a handler still needs shows up here, at build time, instead of
 * as a {@code NoClassDefFoundError} in production. Reflection is not followed; classes the SDK
 * loads by name from a resource (service loaders, execution interceptors) are added as roots.
 */
final class JarClassGraph {

  private static final Pattern DESCRIPTOR_TYPE = Pattern.compile("L([^;<>]+);");

  /** Binary names (a/b/C) of the jar's classes and the names each one references. */
  private final Map<String, Set<String>> references;
  /** Class names found in the jar's META-INF/services files and SDK execution.interceptors files. */
  private final Set<String> loadedByName;

  private JarClassGraph(Map<String, Set<String>> references, Set<String> loadedByName) {
    this.references = references;
    this.loadedByName = loadedByName;
  }

  static JarClassGraph of(Path jar) {
    Map<String, Set<String>> references = new HashMap<>();
    Set<String> loadedByName = new TreeSet<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry e : java.util.Collections.list(zip.entries())) {
        String name = e.getName();
        if (e.isDirectory()) {
          continue;
        }
        if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
          byte[] bytes = zip.getInputStream(e).readAllBytes();
          references.put(name.substring(0, name.length() - ".class".length()), referencedClasses(bytes));
        } else if (name.startsWith("META-INF/services/") || name.endsWith("execution.interceptors")) {
          String text = new String(zip.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
          text.lines().map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty())
              .forEach(l -> loadedByName.add(l.replace('.', '/')));
        }
      }
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    return new JarClassGraph(references, loadedByName);
  }

  Set<String> classes() {
    return references.keySet();
  }

  Set<String> loadedByName() {
    return loadedByName;
  }

  /** Every class of the jar reachable from {@code roots} (binary names), roots included. */
  Set<String> reachableFrom(Collection<String> roots) {
    Set<String> seen = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      String c = todo.pop();
      if (references.containsKey(c) && seen.add(c)) {
        todo.addAll(references.get(c));
      }
    }
    return seen;
  }

  /**
   * Classes named by a reachable class that are neither in the jar nor in the JDK, with one
   * referrer each, e.g. {@code org/joda/time/DateTime <- com/amazonaws/.../ScheduledEvent}.
   */
  Map<String, String> missingFrom(Collection<String> roots) {
    Map<String, String> missing = new TreeMap<>();
    for (String c : reachableFrom(roots)) {
      for (String r : references.get(c)) {
        if (!references.containsKey(r) && !inJdk(r)) {
          missing.putIfAbsent(r, c);
        }
      }
    }
    for (String root : roots) {
      if (!references.containsKey(root)) {
        missing.putIfAbsent(root, "(root)");
      }
    }
    return missing;
  }

  static boolean inJdk(String binaryName) {
    return ClassLoader.getPlatformClassLoader().getResource(binaryName + ".class") != null
        || ClassLoader.getSystemClassLoader().getParent().getResource(binaryName + ".class") != null
        || Object.class.getResource("/" + binaryName + ".class") != null;
  }

  /** The classes a class file names in its constant pool and descriptors. */
  static Set<String> referencedClasses(byte[] classFile) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
      if (in.readInt() != 0xCAFEBABE) {
        throw new IllegalArgumentException("not a class file");
      }
      in.readUnsignedShort();
      in.readUnsignedShort();
      int count = in.readUnsignedShort();
      String[] utf8 = new String[count];
      int[] classNameIndex = new int[count];
      List<Integer> classIndexes = new ArrayList<>();
      List<Integer> descriptorIndexes = new ArrayList<>();
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[i] = in.readUTF();
          case 3, 4 -> in.readInt();
          case 5, 6 -> {
            in.readLong();
            i++;
          }
          case 7 -> {
            classNameIndex[i] = in.readUnsignedShort();
            classIndexes.add(classNameIndex[i]);
          }
          case 8, 16, 19, 20 -> {
            int index = in.readUnsignedShort();
            if (tag == 16) {
              descriptorIndexes.add(index);
            }
          }
          case 9, 10, 11, 17, 18 -> in.readInt();
          case 12 -> {
            in.readUnsignedShort();
            descriptorIndexes.add(in.readUnsignedShort());
          }
          case 15 -> {
            in.readUnsignedByte();
            in.readUnsignedShort();
          }
          default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
        }
      }
      Set<String> out = new TreeSet<>();
      for (int index : classIndexes) {
        String name = utf8[index];
        if (name.startsWith("[")) {
          addDescriptorTypes(name, out);
        } else {
          out.add(name);
        }
      }
      in.readUnsignedShort();
      String self = utf8[classNameIndex[in.readUnsignedShort()]];
      in.readUnsignedShort();
      int interfaces = in.readUnsignedShort();
      for (int i = 0; i < interfaces; i++) {
        in.readUnsignedShort();
      }
      for (int members = 0; members < 2; members++) {
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
          in.readUnsignedShort();
          in.readUnsignedShort();
          descriptorIndexes.add(in.readUnsignedShort());
          int attributes = in.readUnsignedShort();
          for (int a = 0; a < attributes; a++) {
            in.readUnsignedShort();
            in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
          }
        }
      }
      for (int index : descriptorIndexes) {
        addDescriptorTypes(utf8[index], out);
      }
      out.remove(self);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void addDescriptorTypes(String descriptor, Set<String> out) {
    if (descriptor == null) {
      return;
    }
    Matcher m = DESCRIPTOR_TYPE.matcher(descriptor);
    while (m.find()) {
      out.add(m.group(1));
    }
  }
}
