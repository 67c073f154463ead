import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour for text output: only on a terminal, never when `NO_COLOR` is set (no-color.org) or the
/// terminal is `dumb`, so logs and files stay plain.
enum TerminalStyle {
    static var usesColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    /// Colours the severity words of compiler-style lines.
    static func highlight(_ text: String, color: Bool = usesColor) -> String {
        guard color else { return text }
        return text.replacingOccurrences(of: ": error: ", with: ": \u{1B}[1;31merror:\u{1B}[0m ")
            .replacingOccurrences(of: ": warning: ", with: ": \u{1B}[1;33mwarning:\u{1B}[0m ")
    }
}
