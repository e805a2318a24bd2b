from archivist.flows.cli.progress import progress_to, report


def test_reports_reach_the_listener_only_inside_the_block():
    seen = []
    report("outside", 1, 2)
    with progress_to(lambda stage, done, total: seen.append((stage, done, total))):
        report("turns", 0, 3)
        report("turns", 3, 3)
    report("after", 1, 1)
    assert seen == [("turns", 0, 3), ("turns", 3, 3)]
