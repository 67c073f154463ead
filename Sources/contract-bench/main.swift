import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try BenchmarkMain.run(arguments)
} catch {
    FileHandle.standardError.write(Data("contract-bench: \(error)\n".utf8))
    exit(1)
}
