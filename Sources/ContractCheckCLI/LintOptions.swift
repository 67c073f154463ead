import ArgumentParser
import ContractSchema
import ContractSpec
import Foundation

/// Output formats for console results.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Compiler-style lines for people and editors.
    case text
    /// One JSON document for machines.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), which annotate the pull request.
    case github
}

/// Options shared by the commands that lint.
struct LintOptions: ParsableArguments {
    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Option(help: "Output format: text, json, or github (annotations for GitHub Actions).")
    var format: OutputFormat = .text

    @Option(
        help:
            "Folder that $refs may not leave (default: the working directory, or the contract's folder when it is outside)."
    )
    var root: String?

    @Option(help: NullableHelp.text)
    var nullable: NullableReading = .lenient
}
