import Foundation

/// The process's CPU time (every thread) and context switches so far, from `getrusage`.
struct ProcessUsage {
    var user: Double
    var system: Double
    var switches: Double
    var faults: Double

    static func now() -> ProcessUsage {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return ProcessUsage(
            user: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
            system: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6,
            switches: Double(usage.ru_nvcsw + usage.ru_nivcsw), faults: Double(usage.ru_minflt + usage.ru_majflt))
    }

    static func - (lhs: ProcessUsage, rhs: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            user: lhs.user - rhs.user, system: lhs.system - rhs.system, switches: lhs.switches - rhs.switches,
            faults: lhs.faults - rhs.faults)
    }
}
