import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Places for tests to write files: all inside one folder of this test process, removed when the process
/// exits, so a test run leaves nothing behind in the temporary directory (the suite writes a few thousand
/// folders per run; many tests hand theirs to the code under test and cannot remove them themselves).
public enum Scratch {
    /// A path inside the process's scratch folder, unique to this call, named `prefix-` and a UUID; nothing is
    /// created there.
    public static func path(_ prefix: String, extension ext: String = "") -> URL {
        let name = "\(prefix)-\(UUID().uuidString)" + (ext.isEmpty ? "" : "." + ext)
        return scratchRoot.appendingPathComponent(name)
    }

    /// A new, empty folder inside the process's scratch folder, named `prefix-` and a UUID.
    public static func folder(_ prefix: String) throws -> URL {
        let folder = path(prefix)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The process's scratch folder, made on first use, with its removal registered for the process's exit.
private let scratchRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "contractcheck-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)", isDirectory: true)
    // Made here, so that a test may write a file straight into a path of `Scratch.path` (without it, that
    // failed whenever such a test ran before any other had made a folder inside).
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchRoot) }
    return root
}()
